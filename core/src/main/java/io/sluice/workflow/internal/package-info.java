/**
 * Not API: how {@link io.sluice.workflow.Workflow.Builder#replicated} runs an actor as several
 * copies. It may change in any release without notice; programs that use Sluice never need it.
 */
package io.sluice.workflow.internal;
