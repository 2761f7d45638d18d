/**
 * Not API: what Sluice's channel implementations in several modules share (how an endpoint
 * waits, the checks a writer makes of a token). It may change in any release without notice;
 * programs that use Sluice never need it, and a channel implementer outside Sluice should not
 * depend on it.
 */
package io.sluice.channel.internal;
