/**
 * The implementation of event channels. <b>Not API:</b> nothing here is for use outside
 * {@code sluice-events}; classes may change or go without notice. Users reach all of it through
 * {@link io.sluice.events.EventChannels}.
 */
package io.sluice.events.internal;
