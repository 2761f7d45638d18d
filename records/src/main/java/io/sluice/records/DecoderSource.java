package io.sluice.records;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Resolver;
import org.apache.avro.Schema;

/**
 * Writes the Java source of a decoder for one (writer format, reader) pair: a class extending
 * {@link DecodeCursor} whose methods read the writer's fields in the writer's order, one statement
 * each (a varint, a float, a string, a call for a nested record, an array or a union), skip the
 * fields the reader lacks without making values of them, widen numbers where they are read, and
 * call the reader's constructor (a Java record's canonical constructor, or a record value's) with
 * locals of the constructor's own primitive types, the reader's defaults as constants. Everything
 * that is not source text (formats, constructors, defaults, enum symbols, the interpreted readers
 * of the rare shapes it leaves to them: maps and arrays of empty elements) goes in the constants
 * that {@link DecoderCompiler} gives the class as its class data, each in a static final field.
 *
 * <p>Used by one thread, once.
 */
final class DecoderSource {
    static final String PACKAGE = "io.sluice.records";
    static final String CLASS = "CompiledRecordDecoder";
    private static final int MAX_FIELDS = 120; // as the handles: a record of more is left to the interpreted resolver

    private final RecordFormat readerFormat;
    private final InterpretedRecordResolver.Compiler interpreted;
    private final List<Object> constants = new ArrayList<>();
    private final StringBuilder fields = new StringBuilder();
    private final StringBuilder methods = new StringBuilder();
    private final Map<Object, Boolean> open = new IdentityHashMap<>();
    private int methodCount;

    /** A shape the source does not handle (a recursive type, too many fields): the pair is left to the handles. */
    static final class Unsupported extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unsupported(String what) {
            super(what, null, false, false);
        }
    }

    /** A Java expression and the kind of value it has: a primitive class or {@code Object.class}. */
    private record Expr(String code, Class<?> kind) {}

    private DecoderSource(RecordFormat readerFormat) {
        this.readerFormat = readerFormat;
        this.interpreted = new InterpretedRecordResolver.Compiler(readerFormat);
    }

    /**
     * The source of the pair's decoder and its constants; reads record values of the reader when
     * {@code mapping} is null, else instances of the mapping's class.
     *
     * @throws Unsupported for a shape it leaves to the other generator
     */
    static DecoderSource of(Resolver.RecordAdjust root, RecordFormat readerFormat, JavaRecordMapping<?> mapping) {
        DecoderSource s = new DecoderSource(readerFormat);
        String rootMethod = s.record(root, mapping);
        s.methods.append("    @Override\n    public Object decode(byte[] b, int offset, int length) throws Throwable {\n")
                .append("        ").append(CLASS).append(" d = new ").append(CLASS).append("(b, offset, offset + length);\n")
                .append("        Object r = d.").append(rootMethod).append("();\n")
                .append("        d.end();\n        return r;\n    }\n");
        return s;
    }

    /** The compilation unit. */
    String source() {
        return "package " + PACKAGE + ";\n\n"
                + "final class " + CLASS + " extends DecodeCursor implements DecodeBody {\n"
                + "    private static final Object[] K;\n"
                + "    static {\n        try {\n"
                + "            K = java.lang.invoke.MethodHandles.classData(java.lang.invoke.MethodHandles.lookup(), \"_\","
                + " Object[].class);\n"
                + "        } catch (IllegalAccessException e) {\n            throw new ExceptionInInitializerError(e);\n        }\n"
                + "    }\n" + fields
                + "\n    " + CLASS + "() {\n        super(null, 0, 0);\n    }\n\n"
                + "    private " + CLASS + "(byte[] b, int pos, int limit) {\n        super(b, pos, limit);\n    }\n\n"
                + methods + "}\n";
    }

    /** The class data: constant {@code i} is field {@code Ki}. */
    Object[] constants() {
        return constants.toArray();
    }

    private String constant(Object value, Class<?> type) {
        int i = constants.size();
        constants.add(value);
        String name = "K" + i;
        String declared = type.isPrimitive() ? type.getName() : type == Object.class ? "Object" : type.getCanonicalName();
        // only JDK types and DecodeCursor's are named: the compiler's class path has nothing else
        String cast = type.isPrimitive() ? box(type) : declared;
        fields.append("    private static final ").append(declared).append(' ').append(name).append(" = (").append(cast)
                .append(") K[").append(i).append("];\n");
        return name;
    }

    private String newMethod(String prefix) {
        return prefix + methodCount++;
    }

    // ---------------------------------------------------------------- records

    /** A method that reads a record, returning the mapping's class or a record value; its name. */
    private String record(Resolver.RecordAdjust adjust, JavaRecordMapping<?> mapping) {
        if (open.put(adjust, Boolean.TRUE) != null) {
            throw new Unsupported("a recursive type");
        }
        Schema.Field[] readerOrder = adjust.readerOrder;
        int n = readerOrder.length;
        List<Schema.Field> writerFields = adjust.writer.getFields();
        if (n > MAX_FIELDS || writerFields.size() > MAX_FIELDS) {
            throw new Unsupported("too many fields");
        }
        Class<?>[] types = new Class<?>[n];
        String construct;
        if (mapping == null) {
            java.util.Arrays.fill(types, Object.class);
            String format = constant(readerFormat.formatOf(adjust.reader), Object.class);
            StringBuilder c = new StringBuilder("newValue(").append(format).append(", new Object[] {");
            for (int p = 0; p < n; p++) {
                c.append(p == 0 ? "" : ", ").append('v').append(p);
            }
            construct = c.append("})").toString();
        } else {
            MethodHandle exact = mapping.exactConstructor();
            for (int p = 0; p < n; p++) {
                Class<?> t = exact.type().parameterType(p);
                types[p] = t.isPrimitive() ? t : Object.class;
            }
            String ctor = constant(exact.asType(MethodType.methodType(Object.class, types)), MethodHandle.class);
            StringBuilder c = new StringBuilder("(Object) ").append(ctor).append(".invokeExact(");
            for (int p = 0; p < n; p++) {
                c.append(p == 0 ? "" : ", ").append('v').append(p);
            }
            construct = c.append(')').toString();
        }
        String name = newMethod("r");
        StringBuilder body = new StringBuilder();
        int next = 0;
        for (int i = 0; i < writerFields.size(); i++) {
            Resolver.Action action = adjust.fieldActions[i];
            if (action.type == Resolver.Action.Type.SKIP) {
                body.append(skip(action.writer, "        "));
                continue;
            }
            int p = readerOrder[next++].pos();
            Expr value = field(action, mapping, p);
            body.append("        ").append(local(types[p])).append(" v").append(p).append(" = ")
                    .append(convert(value, types[p])).append(";\n");
        }
        for (int k = 0; k < n - adjust.firstDefault; k++) {
            Schema.Field field = readerOrder[adjust.firstDefault + k];
            int p = field.pos();
            Object stored = Values.fromAvro(field.schema(), adjust.defaults[k], readerFormat);
            String value;
            if (mapping == null || mapping.storedAsIs(p)) {
                value = constant(stored, types[p]);
            } else {
                // made on each read: a byte[] or an array is not shared between records
                value = "(Object) " + constant(mapping.toJava(p), MethodHandle.class) + ".invokeExact("
                        + constant(stored, Object.class) + ")";
            }
            body.append("        ").append(local(types[p])).append(" v").append(p).append(" = ").append(value).append(";\n");
        }
        methods.append("    private Object ").append(name).append("() throws Throwable {\n").append(body)
                .append("        return ").append(construct).append(";\n    }\n\n");
        open.remove(adjust);
        return name;
    }

    /** A field's value for a Java record's component {@code p}, or a stored value when there is no mapping. */
    private Expr field(Resolver.Action action, JavaRecordMapping<?> mapping, int p) {
        if (mapping == null || mapping.storedAsIs(p)) {
            return stored(action);
        }
        JavaRecordMapping<?> nested = mapping.nestedMapping(p);
        if (nested != null && action.type == Resolver.Action.Type.RECORD) {
            return new Expr(record((Resolver.RecordAdjust) action, nested) + "()", Object.class);
        }
        if (mapping.componentType(p) == byte[].class && (action.type == Resolver.Action.Type.DO_NOTHING
                || action.type == Resolver.Action.Type.PROMOTE) && action.reader.getType() == Schema.Type.BYTES) {
            return new Expr("readByteArray()", Object.class);
        }
        Expr stored = stored(action);
        return new Expr("(Object) " + constant(mapping.toJava(p), MethodHandle.class) + ".invokeExact("
                + convert(stored, Object.class) + ")", Object.class);
    }

    // ---------------------------------------------------------------- values in their stored form

    /** A value as {@link Values} stores it, primitives left unboxed. */
    private Expr stored(Resolver.Action action) {
        switch (action.type) {
            case DO_NOTHING:
                return plain(action.reader);
            case PROMOTE:
                return promote(action.writer.getType(), action.reader.getType());
            case RECORD:
                return new Expr(record((Resolver.RecordAdjust) action, null) + "()", Object.class);
            case ENUM:
                return enumeration((Resolver.EnumAdjust) action);
            case CONTAINER: {
                Resolver.Container container = (Resolver.Container) action;
                if (container.reader.getType() == Schema.Type.ARRAY) {
                    int min = minBytes(container.writer.getElementType(), new IdentityHashMap<>());
                    if (min > 0) {
                        return array(container, min);
                    }
                }
                return viaInterpreted(action);
            }
            case WRITER_UNION:
                return union((Resolver.WriterUnion) action);
            case READER_UNION:
                return stored(((Resolver.ReaderUnion) action).actualAction);
            case ERROR:
                return new Expr("declinedValue()", Object.class);
            default:
                return viaInterpreted(action);
        }
    }

    private Expr viaInterpreted(Resolver.Action action) {
        return new Expr("interpreted(" + constant(interpreted.compile(action), Object.class) + ")", Object.class);
    }

    private Expr plain(Schema schema) {
        switch (schema.getType()) {
            case NULL:
                return new Expr("null", Object.class);
            case BOOLEAN:
                return new Expr("readBoolean()", boolean.class);
            case INT:
                return new Expr("readInt()", int.class);
            case LONG:
                return new Expr("readLong()", long.class);
            case FLOAT:
                return new Expr("readFloat()", float.class);
            case DOUBLE:
                return new Expr("readDouble()", double.class);
            case STRING:
                return new Expr("readString()", Object.class);
            case BYTES:
                return new Expr("readBuffer()", Object.class);
            case FIXED:
                return new Expr("readFixed(" + schema.getFixedSize() + ")", Object.class);
            default:
                throw new IllegalStateException("unexpected plain type " + schema.getType());
        }
    }

    private static Expr promote(Schema.Type from, Schema.Type to) {
        if (from == Schema.Type.STRING) {
            return new Expr("readBuffer()", Object.class); // strings and bytes share an encoding
        } else if (from == Schema.Type.BYTES) {
            return new Expr("readString()", Object.class);
        }
        String read = from == Schema.Type.INT ? "readInt()" : from == Schema.Type.LONG ? "readLong()" : "readFloat()";
        Class<?> kind = to == Schema.Type.LONG ? long.class : to == Schema.Type.FLOAT ? float.class : double.class;
        return new Expr("(" + kind.getName() + ") " + read, kind);
    }

    private Expr enumeration(Resolver.EnumAdjust adjust) {
        List<String> readerSymbols = adjust.reader.getEnumSymbols();
        String[] symbols = new String[adjust.adjustments.length];
        for (int i = 0; i < symbols.length; i++) {
            int j = adjust.adjustments[i];
            symbols[i] = j < 0 ? null : readerSymbols.get(j);
        }
        String table = constant(symbols, String[].class);
        String name = newMethod("e");
        methods.append("    private Object ").append(name).append("() {\n")
                .append("        String s = ").append(table).append("[readIndex(").append(symbols.length).append(")];\n")
                .append("        if (s == null) {\n            throw declined();\n        }\n        return s;\n    }\n\n");
        return new Expr(name + "()", Object.class);
    }

    private Expr array(Resolver.Container container, int min) {
        Expr element = stored(container.elementAction);
        String name = newMethod("a");
        methods.append("    private Object ").append(name).append("() throws Throwable {\n")
                .append("        java.util.ArrayList<Object> list = new java.util.ArrayList<>();\n")
                .append("        for (int n = blockCount(").append(min).append("); n > 0; n = blockCount(").append(min).append(")) {\n")
                .append("            list.ensureCapacity(list.size() + n);\n")
                .append("            for (int i = 0; i < n; i++) {\n")
                .append("                list.add(").append(convert(element, Object.class)).append(");\n")
                .append("            }\n        }\n")
                .append("        return java.util.Collections.unmodifiableList(list);\n    }\n\n");
        return new Expr(name + "()", Object.class);
    }

    private Expr union(Resolver.WriterUnion union) {
        StringBuilder cases = new StringBuilder();
        for (int i = 0; i < union.actions.length; i++) {
            Resolver.Action branch = union.actions[i];
            cases.append("            case ").append(i).append(":\n");
            if (branch.type == Resolver.Action.Type.ERROR) {
                cases.append("                throw declined();\n");
            } else {
                cases.append("                return ").append(convert(stored(branch), Object.class)).append(";\n");
            }
        }
        String name = newMethod("u");
        methods.append("    private Object ").append(name).append("() throws Throwable {\n")
                .append("        switch (readIndex(").append(union.actions.length).append(")) {\n").append(cases)
                .append("            default:\n                throw declined();\n        }\n    }\n\n");
        return new Expr(name + "()", Object.class);
    }

    // ---------------------------------------------------------------- skipping

    /** Statements that skip a value of the writer's schema without making it. */
    private String skip(Schema schema, String indent) {
        switch (schema.getType()) {
            case NULL:
                return "";
            case BOOLEAN:
                return indent + "skip(1);\n";
            case INT:
            case ENUM:
                return indent + "readInt();\n";
            case LONG:
                return indent + "readLong();\n";
            case FLOAT:
                return indent + "skip(4);\n";
            case DOUBLE:
                return indent + "skip(8);\n";
            case STRING:
            case BYTES:
                return indent + "skipBytes();\n";
            case FIXED:
                return indent + "skip(" + schema.getFixedSize() + ");\n";
            case RECORD: {
                if (open.put(schema, Boolean.TRUE) != null) {
                    return indent + "skipInterpreted(" + constant(schema, Object.class) + ");\n";
                }
                StringBuilder s = new StringBuilder();
                for (Schema.Field f : schema.getFields()) {
                    s.append(skip(f.schema(), indent));
                }
                open.remove(schema);
                return s.toString();
            }
            case ARRAY:
            case MAP: {
                boolean map = schema.getType() == Schema.Type.MAP;
                Schema element = map ? schema.getValueType() : schema.getElementType();
                int min = map ? 1 : minBytes(element, new IdentityHashMap<>());
                if (min == 0) {
                    return indent + "skipInterpreted(" + constant(schema, Object.class) + ");\n";
                }
                String elementSkip = skip(element, "                ");
                String name = newMethod("s");
                methods.append("    private void ").append(name).append("() throws Throwable {\n")
                        .append("        for (int n = skipBlock(").append(min).append("); n != 0; n = skipBlock(").append(min)
                        .append(")) {\n            for (int i = 0; i < n; i++) {\n")
                        .append(map ? "                skipBytes();\n" : "").append(elementSkip)
                        .append("            }\n        }\n    }\n\n");
                return indent + name + "();\n";
            }
            case UNION: {
                List<Schema> branches = schema.getTypes();
                StringBuilder cases = new StringBuilder();
                for (int i = 0; i < branches.size(); i++) {
                    cases.append("            case ").append(i).append(":\n").append(skip(branches.get(i), "                "))
                            .append("                break;\n");
                }
                String name = newMethod("s");
                methods.append("    private void ").append(name).append("() throws Throwable {\n")
                        .append("        switch (readIndex(").append(branches.size()).append(")) {\n").append(cases)
                        .append("            default:\n                throw declined();\n        }\n    }\n\n");
                return indent + name + "();\n";
            }
            default:
                return indent + "skipInterpreted(" + constant(schema, Object.class) + ");\n";
        }
    }

    /** The fewest bytes a value of the schema takes; 0 for a recursive one. */
    static int minBytes(Schema schema, Map<Schema, Boolean> open) {
        switch (schema.getType()) {
            case NULL:
                return 0;
            case FLOAT:
                return 4;
            case DOUBLE:
                return 8;
            case FIXED:
                return schema.getFixedSize();
            case RECORD: {
                if (open.put(schema, Boolean.TRUE) != null) {
                    return 0;
                }
                long sum = 0;
                for (Schema.Field f : schema.getFields()) {
                    sum += minBytes(f.schema(), open);
                }
                open.remove(schema);
                return (int) Math.min(sum, 1 << 20);
            }
            default:
                return 1;
        }
    }

    // ---------------------------------------------------------------- Java types

    private static String local(Class<?> type) {
        return type.isPrimitive() ? type.getName() : "Object";
    }

    private static String box(Class<?> primitive) {
        return primitive == int.class ? "Integer" : primitive == char.class ? "Character"
                : Character.toUpperCase(primitive.getName().charAt(0)) + primitive.getName().substring(1);
    }

    /** The expression as a value of {@code to} (a primitive or Object): boxed, unboxed or widened. */
    private static String convert(Expr e, Class<?> to) {
        if (e.kind() == to) {
            return e.code();
        } else if (to == Object.class) {
            return "(Object) " + e.code();
        } else if (e.kind() == Object.class) {
            return "(" + to.getName() + ") (" + box(to) + ") " + e.code();
        }
        return "(" + to.getName() + ") " + e.code();
    }
}
