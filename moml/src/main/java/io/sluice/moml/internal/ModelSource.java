package io.sluice.moml.internal;

import io.sluice.workflow.SourceLocation;
import io.sluice.workflow.WorkflowDefinitionException;

/**
 * The file (or other source) a model is read from, as errors name it.
 *
 * @param name the file's name or path, as the user gave it
 */
record ModelSource(String name) {

    /** The error {@code problem} at {@code at}'s line. */
    WorkflowDefinitionException error(String problem, XmlElement at) {
        return new WorkflowDefinitionException(problem, new SourceLocation(name, at.line()), null);
    }

    /** Where line {@code line} is. */
    SourceLocation at(int line) {
        return new SourceLocation(name, line);
    }
}
