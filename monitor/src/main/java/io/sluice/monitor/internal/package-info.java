/**
 * Not API: the monitor's HTTP handler, its event streams, the JSON it sends and the page's
 * resources. It may change in any release without notice; programs use
 * {@link io.sluice.monitor.RunMonitor}, and the formats on the wire are described in
 * {@code docs/monitor.md}.
 */
package io.sluice.monitor.internal;
