/**
 * The extension point of a space server: a {@link io.sluice.remote.service.SpaceService} added
 * with {@link io.sluice.remote.SpaceServer.Builder#service} speaks its own sub-protocol on streams
 * that clients open by the service's name ({@link io.sluice.remote.RemoteSpace#openService}).
 * Messages are opaque byte arrays carried in {@code SERVICE} frames; see
 * {@code docs/remote-protocol.md}. The remote module knows nothing of what a service does.
 */
package io.sluice.remote.service;
