/**
 * Remote event channels: the service a space server hosts them with, the client of its
 * sub-protocol, and the messages of that sub-protocol (described in
 * {@code docs/remote-protocol.md}). <b>Not API:</b> users reach it through
 * {@link io.sluice.events.EventChannels#connect} and {@link io.sluice.events.EventService}.
 *
 * <p>The server's side: {@link io.sluice.events.internal.remote.HostedEvents} (the service, its
 * sessions and their leases) and {@code EventSession} (one client's stream: its publishers and
 * subscriptions on the hosted space). The client's side: {@link
 * io.sluice.events.internal.remote.RemoteEventSpace} (the {@code EventChannels} a connection
 * gives), {@code EventLink} (the stream, its lease and the state of its connection),
 * {@code Reregistration} (registering again after a broken connection), {@code Calls} (requests
 * and their answers), {@code Registrations} (the publishers and subscriptions, and the routing
 * of events to them), {@code RemotePublisher}, {@code RemoteSubscription} and {@code
 * ClientThreads} (what may wait on which thread). Both sides: {@code Msg} (the messages), {@code
 * SerialExecutor} and {@code NamedThreads}.
 */
package io.sluice.events.internal.remote;
