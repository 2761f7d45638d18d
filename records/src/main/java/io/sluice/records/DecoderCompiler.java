package io.sluice.records;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * Compiles a {@link DecoderSource} with the JDK's compiler ({@code javax.tools}), in memory, and
 * defines the class file as a hidden class of this package whose class data is the source's
 * constants. The source names no class but the JDK's and {@link DecodeCursor} and
 * {@link DecodeBody}, which are all the compiler's class path holds. Each call compiles afresh and keeps nothing; the hidden
 * class is unloaded with the resolver that holds its instance.
 */
final class DecoderCompiler {
    private DecoderCompiler() {}

    /** Whether this JVM has a compiler to call (a JDK, not a bare runtime image). */
    static boolean available() {
        return ToolProvider.getSystemJavaCompiler() != null;
    }

    /**
     * The decoder of the source, or null if this JVM has no compiler.
     *
     * @throws IllegalStateException if the source does not compile (a fault of the generator), with
     *     the compiler's messages
     */
    static DecodeBody compile(DecoderSource source) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            return null;
        }
        String text = source.source();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        ByteArrayOutputStream classFile = new ByteArrayOutputStream();
        try (StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8);
                JavaFileManager files = new InMemory(standard, classFile)) {
            JavaFileObject unit = new SimpleJavaFileObject(URI.create("string:///"
                    + DecoderSource.PACKAGE.replace('.', '/') + "/" + DecoderSource.CLASS + ".java"), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return text;
                }
            };
            List<String> options = List.of("-proc:none", "-g:none", "-nowarn", "-implicit:none", "-Xlint:none");
            Boolean ok = javac.getTask(null, files, diagnostics, options, null, List.of(unit)).call();
            if (!Boolean.TRUE.equals(ok)) {
                StringBuilder why = new StringBuilder("the generated record decoder does not compile:");
                for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                    why.append("\n  line ").append(d.getLineNumber()).append(": ").append(d.getMessage(Locale.ROOT));
                }
                throw new IllegalStateException(why.append("\n").append(text).toString());
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException("the generated record decoder could not be compiled: " + e, e);
        }
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup()
                    .defineHiddenClassWithClassData(classFile.toByteArray(), source.constants(), true);
            return (DecodeBody) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class)).invoke();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("the generated record decoder could not be defined: " + t, t);
        }
    }

    /**
     * Keeps the one class file the compiler writes, in memory, and gives the compiler, as its whole
     * class path, the few classes of this package that the source names, read from this class's
     * loader: no directory or jar is listed or opened (a shaded jar of the whole application would
     * cost the compiler more than the class it compiles).
     */
    private static final class InMemory extends ForwardingJavaFileManager<JavaFileManager> {
        private static final List<Class<?>> NAMED = List.of(DecodeCursor.class, DecodeCursor.Declined.class, DecodeBody.class);
        private final ByteArrayOutputStream classFile;

        InMemory(JavaFileManager standard, ByteArrayOutputStream classFile) {
            super(standard);
            this.classFile = classFile;
        }

        @Override
        public Iterable<JavaFileObject> list(Location location, String packageName, Set<JavaFileObject.Kind> kinds,
                boolean recurse) throws java.io.IOException {
            if (location != StandardLocation.CLASS_PATH) {
                return super.list(location, packageName, kinds, recurse);
            }
            List<JavaFileObject> found = new java.util.ArrayList<>();
            if (packageName.equals(DecoderSource.PACKAGE) && kinds.contains(JavaFileObject.Kind.CLASS)) {
                for (Class<?> c : NAMED) {
                    found.add(new Named(c));
                }
            }
            return found;
        }

        @Override
        public String inferBinaryName(Location location, JavaFileObject file) {
            return file instanceof Named n ? n.type.getName() : super.inferBinaryName(location, file);
        }

        @Override
        public boolean hasLocation(Location location) {
            return location == StandardLocation.CLASS_PATH || super.hasLocation(location);
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                FileObject sibling) {
            return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
                @Override
                public OutputStream openOutputStream() {
                    return classFile;
                }
            };
        }
    }

    /** A class file of this package, as its loader has it. */
    private static final class Named extends SimpleJavaFileObject {
        private final Class<?> type;

        Named(Class<?> type) {
            super(URI.create("loader:///" + type.getName().replace('.', '/') + ".class"), JavaFileObject.Kind.CLASS);
            this.type = type;
        }

        @Override
        public java.io.InputStream openInputStream() throws java.io.IOException {
            String name = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
            java.io.InputStream in = type.getResourceAsStream(name);
            if (in == null) {
                throw new java.io.FileNotFoundException("the class file of " + type.getName());
            }
            return in;
        }
    }
}
