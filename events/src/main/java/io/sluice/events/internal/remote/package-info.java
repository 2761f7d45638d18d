/**
 * Remote event channels: the service a space server hosts them with, the client of its
 * sub-protocol, and the messages of that sub-protocol (described in
 * {@code docs/remote-protocol.md}). <b>Not API:</b> users reach it through
 * {@link io.sluice.events.EventChannels#connect} and {@link io.sluice.events.EventService}.
 */
package io.sluice.events.internal.remote;
