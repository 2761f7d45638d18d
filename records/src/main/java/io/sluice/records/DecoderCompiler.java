package io.sluice.records;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.LinkedHashSet;
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
import javax.tools.ToolProvider;
import org.apache.avro.Schema;

/**
 * Compiles a {@link DecoderSource} with the JDK's compiler ({@code javax.tools}), in memory, and
 * defines the class file as a hidden class of this package whose class data is the source's
 * constants. The class path given to the compiler is where this module's classes and Avro's were
 * loaded from, and the JVM's class path. Each call compiles afresh and keeps nothing; the hidden
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
            List<String> options = List.of("-classpath", classPath(), "-proc:none", "-g:none", "-nowarn",
                    "-implicit:none", "-Xlint:none");
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

    /** Where this module's classes and Avro's come from, then the JVM's class path. */
    private static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] {DecodeCursor.class, Schema.class, io.sluice.codec.CodecException.class}) {
            CodeSource where = c.getProtectionDomain().getCodeSource();
            if (where != null && where.getLocation() != null) {
                try {
                    entries.add(Path.of(where.getLocation().toURI()).toString());
                } catch (URISyntaxException | IllegalArgumentException e) {
                    // not a file: the JVM's class path below may still have it
                }
            }
        }
        String jvm = System.getProperty("java.class.path", "");
        for (String e : jvm.split(File.pathSeparator)) {
            if (!e.isEmpty()) {
                entries.add(e);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** Keeps the one class file the compiler writes, in memory. */
    private static final class InMemory extends ForwardingJavaFileManager<JavaFileManager> {
        private final ByteArrayOutputStream classFile;

        InMemory(JavaFileManager standard, ByteArrayOutputStream classFile) {
            super(standard);
            this.classFile = classFile;
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
}
