package io.sluice.actors.expression;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/** The examples table of {@code docs/expressions.md}, checked row by row. */
class ExpressionDocTest {
    /** The variables the page says its examples are evaluated with. */
    private static final Map<String, Object> VARIABLES = Map.of(
            "a", 3, "b", 2.5, "n", 10L, "s", "abc", "xs", List.of(1, 2, 3), "t", true);

    private static final Pattern ROW = Pattern.compile("^\\| `(.+?)` \\| `(.+)` \\|$");

    private static Path doc() {
        for (Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path doc = dir.resolve("docs/expressions.md");
            if (Files.exists(doc)) {
                return doc;
            }
        }
        throw new AssertionError("docs/expressions.md not found above " + System.getProperty("user.dir"));
    }

    /** The rows of the table under "## Examples": expression and value, pipes unescaped. */
    private static List<String[]> examples() throws IOException {
        List<String[]> rows = new ArrayList<>();
        boolean inExamples = false;
        for (String line : Files.readAllLines(doc())) {
            if (line.startsWith("## ")) {
                inExamples = line.equals("## Examples");
                continue;
            }
            Matcher row = ROW.matcher(line);
            if (inExamples && row.matches()) {
                rows.add(new String[] {row.group(1).replace("\\|", "|"), row.group(2).replace("\\|", "|")});
            }
        }
        return rows;
    }

    @Test
    void everyExampleGivesTheValueThePageSays() throws IOException {
        List<String[]> examples = examples();
        assertThat(examples).hasSizeGreaterThan(30);
        SoftAssertions softly = new SoftAssertions();
        for (String[] example : examples) {
            String expression = example[0];
            String documented = example[1];
            String actual;
            try {
                actual = Values.literal(Expression.parse(expression).evaluate(VARIABLES));
            } catch (ExpressionException e) {
                actual = "error: " + e.reason();
            }
            softly.assertThat(actual).as(expression).isEqualTo(documented);
        }
        softly.assertAll();
    }

    @Test
    void everyExampleGivesTheSameValueBoundToSlots() throws IOException {
        List<String> names = List.copyOf(VARIABLES.keySet());
        Object[] values = names.stream().map(VARIABLES::get).toArray();
        SoftAssertions softly = new SoftAssertions();
        for (String[] example : examples()) {
            String actual;
            try {
                actual = Values.literal(Expression.parse(example[0]).bind(names).evaluate(values));
            } catch (ExpressionException e) {
                actual = "error: " + e.reason(); // an unknown variable when bound, not evaluated
            }
            softly.assertThat(actual).as(example[0]).isEqualTo(example[1]);
        }
        softly.assertAll();
    }
}
