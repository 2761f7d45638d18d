/**
 * Not API: what the standard actors and the expression language share, so that they compute
 * alike ({@link io.sluice.actors.internal.Numbers}, Ptolemy's arithmetic on Java numbers). It may
 * change in any release without notice; programs that use Sluice never need it.
 */
package io.sluice.actors.internal;
