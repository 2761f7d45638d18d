package io.sluice.channel.local.internal;

import java.util.Map;

/**
 * The Chronicle settings Sluice needs, applied before any Chronicle class is initialised (Chronicle
 * reads them in static initialisers): no usage analytics, and no process-wide background threads,
 * so that a closed run leaves no thread behind.
 *
 * <ul>
 *   <li>{@code chronicle.analytics.disable=true}: never phone home (the analytics jar is not on the
 *       class path either);
 *   <li>{@code background.releaser=false}: memory mappings are released by the thread that closes
 *       a channel, not by a background thread;
 *   <li>{@code chronicle.disk.monitor.disable=true}: no disk-space polling thread (a full disk is
 *       reported by the write that fails);
 *   <li>{@code chronicle.announcer.disable=true}: no banner in the log asking for an e-mail
 *       address;
 *   <li>{@code disable.single.threaded.check=true}: Chronicle would otherwise check on every
 *       access that a buffer is used by one thread, a large part of a persistent channel's time
 *       (docs/tuning.md, Chronicle settings); Sluice keeps each appender and tailer on one thread
 *       itself and hands it over explicitly.
 * </ul>
 *
 * <p>A setting the user has already given (e.g. with {@code -D}) is left as it is. These are
 * system properties, so they apply to the whole JVM; a host application that uses Chronicle itself
 * and has already initialised it keeps its own settings.
 *
 * <p><b>Where it is applied.</b> Chronicle reads these properties in its own static initialisers,
 * once per JVM, so they must be set before the first Chronicle class initialises. The one point
 * sure to come first is the static initialiser of each Sluice class that touches Chronicle
 * ({@code ChronicleStore}, {@code CheckpointLog}, the provenance recorder and store): a call in a
 * factory method would run after the class's own initialiser had loaded Chronicle's types. The
 * properties only turn Chronicle features off.
 *
 * <p>Public for the modules of Sluice that use Chronicle directly (provenance): they call
 * {@link #apply()} before they touch a Chronicle class.
 */
public final class ChronicleSettings {
    static final Map<String, String> DEFAULTS = Map.of(
            "chronicle.analytics.disable", "true",
            "background.releaser", "false",
            "chronicle.disk.monitor.disable", "true",
            "disable.single.threaded.check", "true",
            "chronicle.announcer.disable", "true");

    private ChronicleSettings() {}

    /** Applies the defaults that are not set yet. Idempotent; cheap after the first call. */
    public static void apply() {
        DEFAULTS.forEach((key, value) -> {
            if (System.getProperty(key) == null) {
                System.setProperty(key, value);
            }
        });
    }
}
