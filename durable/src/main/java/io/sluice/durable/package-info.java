/**
 * A run kept whole in a work directory: where its channels, checkpoints and provenance are kept
 * ({@link io.sluice.durable.WorkDirectory}), and the lock that gives the directory to one run at
 * a time.
 */
package io.sluice.durable;
