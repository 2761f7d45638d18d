/**
 * The implementation of composite transfers (reading specs, the two schedulers, and the readers
 * and writers that carry a schedule out) and of replicated actors' copies in worker processes
 * joined through a space. <b>Not API:</b> nothing here is for use outside the
 * {@code sluice-composite} module, and any of it may change in any release; use
 * {@link io.sluice.composite}.
 */
package io.sluice.composite.internal;
