package io.sluice.monitor;

import io.sluice.run.RunListener;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Objects;

/**
 * A live web page of a run: give the monitor to a run as a listener
 * ({@link io.sluice.run.RunConfig.Builder#listener}) and open {@link #uri()} in a browser. The
 * page draws the workflow's graph, colours each actor by what it is doing, shows each channel's
 * depth and rate and the run's progress, and says when the run has ended and how. It is served
 * over HTTP, read-only, with the graph as JSON at {@code /graph} and the run's snapshots as
 * Server-Sent Events at {@code /events} ({@code docs/monitor.md} describes both), so a GUI can
 * also follow a run from them without the page.
 *
 * <p><b>One run at a time.</b> A monitor shows the last run that started with it as a listener. A
 * run that starts while the one shown has not ended fails at its start ({@link IllegalStateException}
 * from {@link #runStarted(io.sluice.run.Run, io.sluice.run.RunInfo) runStarted}), naming the
 * monitor: give each of several concurrent runs a monitor of its own. A run started after the
 * one shown ended replaces it; a page open on the one before keeps showing how it ended.
 *
 * <p><b>Threading.</b> {@link #start} binds the address and starts the monitor's one thread,
 * named {@code sluice-monitor-…}, which serves every connection. The run calls the listener's
 * methods on its own threads ({@link RunListener}); each turns what it is told into JSON, hands
 * it to the monitor's thread and returns: none waits for a socket, so a slow or stalled browser
 * never slows the run. A client that does not keep up skips snapshots and is sent the latest
 * when it does; the end of the run is never skipped. A monitor with a {@link LineageSource} asks
 * it on a second thread, {@code sluice-monitor-lineage-…}, started at the first question.
 * {@link #uri()}, {@link #address()} and {@link #close()} may be called from any thread.
 *
 * <p><b>Ownership.</b> Whoever starts a monitor owns it and closes it, usually after the run has
 * ended (a program that wants the ended page to stay up closes it later). Closing stops serving:
 * open pages are told the monitor has closed, every connection is closed, and the monitor's
 * threads have ended and its port is released when {@link #close()} returns (it waits for a
 * lineage being answered, drops those still to answer, and does not close the source). Closing
 * does not touch the run; a run still going keeps calling the listener, which then does nothing.
 *
 * <p><b>Lineages.</b> A monitor started with a {@link LineageSource} ({@link Builder#lineage})
 * also serves tokens' lineages at {@code /lineage}, and its page draws them as graphs beside the
 * workflow's, with a form to ask for a token; without one, the page shows no lineage controls.
 *
 * <p><b>Failure.</b> The listener fails a run only as said above. A client that sends nonsense or
 * goes away loses its connection, nothing else. The monitor never connects anywhere: it only
 * answers requests to its address, and one bound to loopback only requests addressed to loopback.
 */
public interface RunMonitor extends RunListener, AutoCloseable {

    /** A builder of a monitor: on loopback at any free port, with no lineage source, unless told otherwise. */
    static Builder builder() {
        return new Builder();
    }

    /**
     * Starts a monitor on the loopback address, at any free port ({@link #uri()} tells which).
     *
     * @throws IOException if no port can be bound
     */
    static RunMonitor start() throws IOException {
        return start(0);
    }

    /**
     * Starts a monitor on the loopback address at {@code port}, or any free port if 0.
     *
     * @throws IOException if the port cannot be bound, e.g. it is taken
     * @throws IllegalArgumentException if the port is out of range
     */
    static RunMonitor start(int port) throws IOException {
        return start(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    }

    /**
     * Starts a monitor on {@code bind}: an address of this machine and a port, 0 for any free
     * port. An address other than loopback makes the page readable by whoever can reach it; the
     * monitor has no authentication.
     *
     * @throws IOException if the address cannot be bound; the monitor then holds no thread or socket
     */
    static RunMonitor start(InetSocketAddress bind) throws IOException {
        return builder().bind(bind).start();
    }

    /**
     * The page's address, {@code http://HOST:PORT/}: the bound address with the bound port (the
     * loopback address if the monitor listens on every address of this machine).
     */
    URI uri();

    /** The address and port the monitor listens on. */
    InetSocketAddress address();

    /**
     * The page's address with the lineage {@code query} asks for open, as the page shows it once
     * asked: {@link #uri()} with the query's parameters ({@code ?channel=…&seq=…&direction=…&depth=…}).
     * Opened on a monitor without a lineage source, the page shows its workflow's view only.
     */
    URI uri(LineageQuery query);

    /**
     * Stops serving: open pages are told the monitor has closed, every connection is closed, and
     * the monitor's threads have ended and its port is free when this returns. Idempotent.
     */
    @Override
    void close();

    /**
     * How a monitor is started: where it listens, and where it gets lineages. Not thread-safe;
     * each {@link #start()} starts a monitor of its own.
     */
    final class Builder {
        private InetSocketAddress bind = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        private LineageSource lineage;

        private Builder() {}

        /**
         * Listens on the loopback address at {@code port}, or any free port if 0 (the default).
         *
         * @throws IllegalArgumentException if the port is out of range
         */
        public Builder port(int port) {
            return bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        }

        /**
         * Listens on {@code bind}: an address of this machine and a port, 0 for any free port. An
         * address other than loopback makes the page readable by whoever can reach it; the monitor
         * has no authentication. The last of {@code port} and {@code bind} called wins.
         */
        public Builder bind(InetSocketAddress bind) {
            this.bind = Objects.requireNonNull(bind, "bind");
            return this;
        }

        /**
         * Serves the lineages {@code source} answers, at {@code /lineage} and on the page; null (the
         * default) serves none. The monitor calls the source on a thread of its own and never
         * closes it ({@link LineageSource}).
         */
        public Builder lineage(LineageSource source) {
            this.lineage = source;
            return this;
        }

        /**
         * Binds the address and starts the monitor's thread.
         *
         * @throws IOException if the address cannot be bound, e.g. its port is taken; the monitor
         *     then holds no thread or socket
         */
        public RunMonitor start() throws IOException {
            return NettyRunMonitor.start(bind, lineage);
        }
    }
}
