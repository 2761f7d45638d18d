package io.sluice.moml;

import io.sluice.workflow.Workflow;
import java.util.OptionalLong;

/**
 * A MoML model as Sluice runs it: the workflow, the director its Ptolemy director maps to, and
 * that director's {@code iterations}.
 *
 * @param workflow the workflow, every actor of the standard library or another registered type
 * @param director the Sluice director to run it with ({@code io.sluice.director.Directors#named}):
 *     {@code sdf} or {@code data}
 * @param ptolemyDirector the Ptolemy director's class, e.g. {@code ptolemy.domains.sdf.kernel.SDFDirector}
 * @param iterations the director's {@code iterations}, if it bounds the run (it bounds the
 *     sources' firings, see docs/moml.md)
 */
public record MomlWorkflow(Workflow workflow, String director, String ptolemyDirector, OptionalLong iterations) {}
