/**
 * Not API: the wire protocol of remote channels (frames, their encoding, the server's and the
 * client's handlers). It may change in any release without notice; the protocol itself is
 * versioned and described in {@code docs/remote-protocol.md}. Programs use
 * {@link io.sluice.remote}.
 */
package io.sluice.remote.internal;
