package io.sluice.records.internal;

import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;

/** Not API. Descriptions of Avro types and schema locations, as Sluice's messages show them. */
public final class AvroSchemas {
    private AvroSchemas() {}

    /**
     * A short description of a type: {@code int}, {@code string}, {@code array<long>},
     * {@code map<string>}, {@code optional<record org.x.Point>}, {@code enum org.x.Level},
     * {@code fixed org.x.Md5(16)}, {@code union<int, string>}.
     */
    public static String describe(Schema schema) {
        switch (schema.getType()) {
            case RECORD:
                return "record " + schema.getFullName();
            case ENUM:
                return "enum " + schema.getFullName();
            case FIXED:
                return "fixed " + schema.getFullName() + "(" + schema.getFixedSize() + ")";
            case ARRAY:
                return "array<" + describe(schema.getElementType()) + ">";
            case MAP:
                return "map<" + describe(schema.getValueType()) + ">";
            case UNION: {
                Schema optional = optionalOf(schema);
                if (optional != null) {
                    return "optional<" + describe(optional) + ">";
                }
                List<String> branches = new ArrayList<>();
                for (Schema branch : schema.getTypes()) {
                    branches.add(describe(branch));
                }
                return "union<" + String.join(", ", branches) + ">";
            }
            default:
                return schema.getType().getName();
        }
    }

    /** For a union of null and one other type, that type; null for any other schema. */
    public static Schema optionalOf(Schema schema) {
        if (schema.getType() != Schema.Type.UNION || schema.getTypes().size() != 2) {
            return null;
        }
        Schema a = schema.getTypes().get(0);
        Schema b = schema.getTypes().get(1);
        if (a.getType() == Schema.Type.NULL && b.getType() != Schema.Type.NULL) {
            return b;
        }
        if (b.getType() == Schema.Type.NULL && a.getType() != Schema.Type.NULL) {
            return a;
        }
        return null;
    }

    /**
     * The path of fields that a location in a schema (a JSON pointer such as
     * {@code /fields/0/type/items/fields/2}, as Avro's compatibility check reports) points into:
     * field names joined by dots, {@code []} after an array field for its elements, {@code {}}
     * after a map field for its values, e.g. {@code points[].x}. Empty for the record itself.
     */
    public static String fieldPath(Schema root, String location) {
        StringBuilder path = new StringBuilder();
        Schema schema = root;
        String[] steps = location == null ? new String[0] : location.split("/");
        for (int i = 0; i < steps.length && schema != null; i++) {
            String step = steps[i];
            if (step.isEmpty()) {
                continue;
            }
            if (step.equals("fields") && i + 1 < steps.length && schema.getType() == Schema.Type.RECORD) {
                int index = Integer.parseInt(steps[++i]);
                Schema.Field field = schema.getFields().get(index);
                path.append(path.length() == 0 || path.charAt(path.length() - 1) == '.' ? "" : ".").append(field.name());
                schema = field.schema();
                if (i + 1 < steps.length && steps[i + 1].equals("type")) {
                    i++;
                }
            } else if (step.equals("items") && schema.getType() == Schema.Type.ARRAY) {
                path.append("[]");
                schema = schema.getElementType();
            } else if (step.equals("values") && schema.getType() == Schema.Type.MAP) {
                path.append("{}");
                schema = schema.getValueType();
            } else if (schema.getType() == Schema.Type.UNION && step.chars().allMatch(Character::isDigit)) {
                int branch = Integer.parseInt(step);
                schema = branch < schema.getTypes().size() ? schema.getTypes().get(branch) : null;
            } else {
                break;
            }
        }
        return path.toString();
    }

    /**
     * A copy of a schema that shares no object with it: Avro schemas accept added properties and
     * aliases, so a schema handed in or out is copied.
     */
    public static Schema copy(Schema schema) {
        return new Schema.Parser().parse(schema.toString());
    }
}
