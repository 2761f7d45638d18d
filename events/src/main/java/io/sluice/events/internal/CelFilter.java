package io.sluice.events.internal;

import com.google.protobuf.ByteString;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelIssue;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.CelType;
import dev.cel.common.types.ListType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerBuilder;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import io.sluice.events.FilterException;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;

/**
 * A CEL filter expression compiled against one record format: each field of the format is a
 * variable of its name, typed from the field's Avro type (numbers as CEL's {@code int} and
 * {@code double}, strings and enum symbols as {@code string}, bytes as {@code bytes}, arrays and
 * maps as lists and maps, nested records as maps of {@code dyn}, optional fields as {@code dyn}).
 * Variables are read from the record only when the expression asks for them.
 *
 * <p>Immutable and thread-safe.
 */
public final class CelFilter {
    private final String expression;
    private final CelRuntime.Program program;
    private final String where;

    private CelFilter(String expression, CelRuntime.Program program, String where) {
        this.expression = expression;
        this.program = program;
        this.where = where;
    }

    /**
     * Compiles {@code expression} against {@code format}.
     *
     * @param where what the filter belongs to, for messages: {@code channel 'x', subscription 'y'}
     * @throws FilterException if it does not compile or is not of type {@code bool}
     */
    public static CelFilter compile(String expression, RecordFormat format, CelRuntime runtime, String where) {
        CelCompilerBuilder builder = CelCompilerFactory.standardCelCompilerBuilder();
        for (Schema.Field f : format.schema().getFields()) {
            builder.addVar(f.name(), type(f.schema()));
        }
        CelCompiler compiler = builder.build();
        CelAbstractSyntaxTree ast;
        try {
            ast = compiler.compile(expression).getAst();
        } catch (CelValidationException e) {
            List<CelIssue> errors = e.getErrors();
            int line = -1;
            int column = -1;
            if (!errors.isEmpty() && errors.get(0).getSourceLocation().getLine() > 0) {
                line = errors.get(0).getSourceLocation().getLine();
                column = errors.get(0).getSourceLocation().getColumn() + 1;
            }
            throw new FilterException(where + ": filter '" + expression + "' does not compile against format " + format.name()
                    + (line > 0 ? " (line " + line + ", column " + column + ")" : "") + ": " + e.getMessage(), expression, line,
                    column);
        }
        if (!ast.getResultType().equals(SimpleType.BOOL) && !ast.getResultType().equals(SimpleType.DYN)) {
            throw new FilterException(where + ": filter '" + expression + "' is of type " + ast.getResultType().name()
                    + ", where a filter must be of type bool", expression, 1, 1);
        }
        try {
            return new CelFilter(expression, runtime.createProgram(ast), where);
        } catch (dev.cel.common.CelException e) {
            throw new FilterException(where + ": filter '" + expression + "' cannot be planned: " + e.getMessage(), expression, -1, -1);
        }
    }

    /** The expression. */
    public String expression() {
        return expression;
    }

    /**
     * Evaluates the filter on a record of the format it was compiled against.
     *
     * @throws IllegalStateException naming the filter if evaluation fails (a division by zero, an
     *     absent key) or gives no bool
     */
    public boolean test(RecordValue record) {
        Object result;
        try {
            result = program.eval(name -> record.format().hasField(name)
                    ? Optional.of(celValue(record.get(name))) : Optional.empty());
        } catch (CelEvaluationException e) {
            throw new IllegalStateException(where + ": filter '" + expression + "' failed on " + record.toJson() + ": "
                    + e.getMessage(), e);
        }
        if (result instanceof Boolean b) {
            return b;
        }
        throw new IllegalStateException(where + ": filter '" + expression + "' gave " + result + " on " + record.toJson()
                + ", not a bool");
    }

    /** The CEL type of an Avro schema. */
    static CelType type(Schema s) {
        return switch (s.getType()) {
            case BOOLEAN -> SimpleType.BOOL;
            case INT, LONG -> SimpleType.INT;
            case FLOAT, DOUBLE -> SimpleType.DOUBLE;
            case STRING, ENUM -> SimpleType.STRING;
            case BYTES, FIXED -> SimpleType.BYTES;
            case ARRAY -> ListType.create(type(s.getElementType()));
            case MAP -> MapType.create(SimpleType.STRING, type(s.getValueType()));
            case RECORD -> MapType.create(SimpleType.STRING, SimpleType.DYN);
            case UNION, NULL -> SimpleType.DYN;
        };
    }

    /** A record's field value as CEL's runtime takes it. */
    static Object celValue(Object v) {
        if (v == null) {
            return com.google.protobuf.NullValue.NULL_VALUE;
        } else if (v instanceof Integer i) {
            return i.longValue();
        } else if (v instanceof Float f) {
            return f.doubleValue();
        } else if (v instanceof ByteBuffer b) {
            return ByteString.copyFrom(b.duplicate());
        } else if (v instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (Object o : list) {
                out.add(celValue(o));
            }
            return out;
        } else if (v instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, o) -> out.put((String) k, celValue(o)));
            return out;
        } else if (v instanceof RecordValue r) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (var f : r.format().fields()) {
                out.put(f.name(), celValue(r.get(f.name())));
            }
            return out;
        }
        return v;
    }
}
