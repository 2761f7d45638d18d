package io.sluice.workflow;

import java.util.Optional;

/**
 * A workflow definition is invalid: an unknown actor type, port or parameter, a type mismatch, an
 * input left unconnected, a duplicate name, malformed JSON. The message names the element and,
 * for definitions read from a file, starts with {@code file:line:}.
 */
public class WorkflowDefinitionException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient SourceLocation location;
    private final String problem;

    /** An error without a location, e.g. from the Java builder. */
    public WorkflowDefinitionException(String problem) {
        this(problem, null, null);
    }

    /**
     * @param problem what is wrong, naming the element
     * @param location where the element was defined, or null
     * @param cause the underlying error, or null
     */
    public WorkflowDefinitionException(String problem, SourceLocation location, Throwable cause) {
        super(location == null ? problem : location + ": " + problem, cause);
        this.problem = problem;
        this.location = location;
    }

    /** Where the offending element was defined, if it came from a file. */
    public Optional<SourceLocation> location() {
        return Optional.ofNullable(location);
    }

    /** The message without the location prefix. */
    public String problem() {
        return problem;
    }
}
