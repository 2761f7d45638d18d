package io.sluice.provenance;

import io.sluice.actor.Actor;
import io.sluice.actor.OutputsFromFiringInputs;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.run.RunInfo;
import io.sluice.run.RunResult;
import io.sluice.run.SluiceVersion;
import io.sluice.workflow.ActorNode;
import io.sluice.workflow.ChannelDefinition;
import io.sluice.workflow.PortRef;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * What {@code provenance/run.json} holds: the run's metadata and its workflow, with the numbers
 * the firing log uses for actors and ports (an actor's number is its place in {@link #workflow()}'s
 * actors, a port's its place among the actor's inputs or outputs). From format 6 on,
 * {@code run.json} is written once, when the run starts, and how the run ended ({@link RunEnd})
 * is in its completion marker; {@link #read} puts the two together. Before, {@code run.json} was
 * written again when the run ended, and the marker held only its status.
 *
 * @param format the layout version of the provenance directory
 * @param runId the run's identifier
 * @param sluiceVersion the version of Sluice that ran it
 * @param director the director's name
 * @param channels the name of the run's channel factory (e.g. {@code fast-track})
 * @param started when the run started (ISO-8601)
 * @param ended when it ended, or null while it runs (or if its process was killed)
 * @param status {@code RUNNING}, {@code COMPLETED}, {@code FAILED} or {@code CANCELLED}
 * @param startNanos the run's start in nanoseconds since the epoch; firing times are stored relative to it
 * @param workflow the workflow that ran
 * @param actorTotals per actor, what the recorder counted, once the run ended; empty before
 * @param part the actors the run fired, if it fired a part of the workflow
 *     ({@link io.sluice.run.RunPart}); null if it fired them all (and in stores written before
 *     runs could be split)
 */
record RunFile(int format, String runId, String sluiceVersion, String director, String channels, String started,
        String ended, String status, long startNanos, WorkflowEntry workflow, List<ActorTotals> actorTotals, List<String> part) {
    /**
     * The format this Sluice writes: firing log batches that may hold runs of alike firings, spans
     * kept port by port, and up to {@link FiringBatch#MAX_FIRINGS} firings ({@link FiringBatch}),
     * each with a checksum ({@link BatchTrailer}), every index in one file ({@link IndexSetFile}),
     * and checksums in that file, {@code run.json} and the completion marker ({@link JsonChecksum}).
     * Format 6 had no checksums; format 5 no spans; format 4 a file per index ({@link StoreLayout}).
     */
    static final int FORMAT = 7;
    /** The first format whose files carry checksums, which every read verifies. */
    static final int CHECKSUMS = 7;
    /** The first format whose indexes are in one file. */
    static final int ONE_INDEX_FILE = 5;
    /** The first format whose completion marker holds the run's end ({@link RunEnd}). */
    static final int END_IN_MARKER = 6;
    /** The oldest format it reads: format 2's batches are format 3's without runs; format 3's hold at most 4096 firings. */
    static final int OLDEST_FORMAT = 2;
    static final String NAME = "run.json";
    /** What {@link #NAME} is written as before it is moved in place. */
    static final String TEMPORARY_NAME = NAME + ".tmp";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ObjectWriter PRETTY = JSON.writerWithDefaultPrettyPrinter();

    /** The workflow: its actors and channels. */
    record WorkflowEntry(String name, List<ActorEntry> actors, List<ChannelEntry> channels) {}

    /**
     * An actor: its type and parameters as the workflow gave them, its ports, each with the
     * channel it reads or writes (null for an output left unconnected), and what the tokens it
     * puts derive from: {@value #FROM_FIRING} (it is {@code @Stateless} or
     * {@code @OutputsFromFiringInputs}), or {@value #FROM_STATE} (it may keep tokens' content
     * across firings, so they derive from all it took since it started or since its state was
     * last declared empty). Null in a store before format 7, which did not record it.
     */
    record ActorEntry(String name, String type, String className, Map<String, Object> parameters, List<PortEntry> inputs,
            List<PortEntry> outputs, String outputsDeriveFrom) {
        static final String FROM_FIRING = "firing";
        static final String FROM_STATE = "state";

        /** Whether the tokens it puts derive from all it took since its state was last empty, not from their firing's inputs alone. */
        boolean keepsState() {
            return FROM_STATE.equals(outputsDeriveFrom);
        }
    }

    record PortEntry(String port, String type, String channel) {}

    /** A channel: its writer and readers as {@code actor.port}. */
    record ChannelEntry(String name, String type, String writer, List<String> readers, int capacity, int initialTokens,
            String policy) {}

    /** Whether the run fired the actor {@code name}: every actor, unless it fired a part of the workflow. */
    boolean fired(String name) {
        return part == null || part.contains(name);
    }

    /** What one actor did in the run, as the recorder counted it. */
    record ActorTotals(String actor, long firings, long tokensIn, long tokensOut, long busyNanos) {}

    /** How a run ended: what its completion marker holds from format 6 on. */
    record RunEnd(String ended, String status, List<ActorTotals> actorTotals) {}

    static RunFile started(RunInfo info, long startNanos) {
        return new RunFile(FORMAT, info.runId(), SluiceVersion.get(), info.director(), info.channels(), info.started().toString(),
                null, "RUNNING", startNanos, describe(info.workflow()), List.of(),
                info.partial() ? info.workflow().actors().stream().map(ActorNode::name).filter(info.actors()::contains).toList() : null);
    }

    /** This file, started when {@code earlier} started: a resumed run keeps the start, and so the time base, of the run it resumes. */
    RunFile startedAs(RunFile earlier) {
        return new RunFile(format, runId, sluiceVersion, director, channels, earlier.started, ended, status, earlier.startNanos,
                workflow, actorTotals, part);
    }

    RunFile ended(RunResult result, Instant at, List<ActorTotals> totals) {
        return ended(new RunEnd(at.toString(), result.status().name(), totals));
    }

    private RunFile ended(RunEnd end) {
        return new RunFile(format, runId, sluiceVersion, director, channels, started, end.ended(), end.status(), startNanos,
                workflow, end.actorTotals(), part);
    }

    /**
     * Writes how this run ended into its completion {@code marker}, which must not exist yet: the
     * marker, once whole, says that the run's provenance is complete.
     */
    void writeEnd(Path marker) throws IOException {
        if (Files.exists(marker)) {
            throw new java.nio.file.FileAlreadyExistsException(marker.toString());
        }
        // Written whole, then moved in place: a marker that is there is whole unless it was damaged.
        Path written = marker.resolveSibling(marker.getFileName() + ".tmp");
        Files.write(written, JsonChecksum.seal(JSON.writeValueAsBytes(new RunEnd(ended, status, actorTotals))));
        Files.move(written, marker, StandardCopyOption.ATOMIC_MOVE);
    }

    private static WorkflowEntry describe(Workflow workflow) {
        Map<PortRef, String> channelOf = new LinkedHashMap<>();
        List<ChannelEntry> channels = new ArrayList<>();
        for (ChannelDefinition c : workflow.channels()) {
            channelOf.put(c.writer(), c.name());
            c.readers().forEach(r -> channelOf.put(r, c.name()));
            channels.add(new ChannelEntry(c.name(), c.type().getName(), c.writer().toString(),
                    c.readers().stream().map(PortRef::toString).toList(), c.capacity(), c.initialTokens().size(),
                    c.policy() == null ? null : c.policy().id()));
        }
        List<ActorEntry> actors = new ArrayList<>();
        for (ActorNode a : workflow.actors()) {
            actors.add(new ActorEntry(a.name(), a.type(), a.actor().getClass().getName(), plain(a.parameters()),
                    ports(a.name(), a.inputs(), channelOf), ports(a.name(), a.outputs(), channelOf), outputsDeriveFrom(a.actor())));
        }
        return new WorkflowEntry(workflow.name(), actors, channels);
    }

    /** What the tokens {@code actor} puts derive from, as {@link ActorEntry} records it. */
    private static String outputsDeriveFrom(Actor actor) {
        Class<?> type = actor.getClass();
        return type.isAnnotationPresent(Stateless.class) || type.isAnnotationPresent(OutputsFromFiringInputs.class)
                ? ActorEntry.FROM_FIRING : ActorEntry.FROM_STATE;
    }

    private static List<PortEntry> ports(String actor, List<? extends Port<?>> ports, Map<PortRef, String> channelOf) {
        return ports.stream().map(p -> new PortEntry(p.name(), p.type().getName(), channelOf.get(new PortRef(actor, p.name()))))
                .toList();
    }

    /** Parameters as JSON can hold them: numbers, strings, booleans, lists and maps; anything else as its string. */
    private static Map<String, Object> plain(Map<String, Object> parameters) {
        Map<String, Object> out = new LinkedHashMap<>();
        parameters.forEach((k, v) -> out.put(k, plainValue(v)));
        return out;
    }

    private static Object plainValue(Object v) {
        if (v == null || v instanceof Number || v instanceof String || v instanceof Boolean) {
            return v;
        }
        if (v instanceof List<?> list) {
            return list.stream().map(RunFile::plainValue).toList();
        }
        if (v instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, x) -> out.put(String.valueOf(k), plainValue(x)));
            return out;
        }
        return String.valueOf(v);
    }

    /** The number of the named actor, or -1. */
    int actorIndex(String actor) {
        List<ActorEntry> actors = workflow.actors();
        for (int i = 0; i < actors.size(); i++) {
            if (actors.get(i).name().equals(actor)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The number of the named actor.
     *
     * @throws ProvenanceException naming the run and its actors if it has no such actor
     */
    int requireActor(String actor) {
        int a = actorIndex(actor);
        if (a < 0) {
            throw new ProvenanceException("run " + runId + " has no actor '" + actor + "'; its actors: "
                    + workflow.actors().stream().map(ActorEntry::name).toList());
        }
        return a;
    }

    /**
     * The number of the named channel: its place in the workflow's channels.
     *
     * @throws ProvenanceException naming the run and its channels if it has no such channel
     */
    int requireChannel(String channel) {
        List<ChannelEntry> channels = workflow.channels();
        for (int c = 0; c < channels.size(); c++) {
            if (channels.get(c).name().equals(channel)) {
                return c;
            }
        }
        throw new ProvenanceException("run " + runId + " has no channel '" + channel + "'; its channels: "
                + channels.stream().map(ChannelEntry::name).toList());
    }

    /** Writes {@code run.json} into {@code directory}, atomically where the file system can. */
    void write(Path directory) throws IOException {
        Path tmp = directory.resolve(TEMPORARY_NAME);
        Files.write(tmp, JsonChecksum.seal(PRETTY.writeValueAsBytes(this)));
        try {
            Files.move(tmp, directory.resolve(NAME), StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, directory.resolve(NAME), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Reads {@code run.json} of the provenance in {@code layout}, with how the run ended from its
     * completion marker from format 6 on; a marker that is not whole (its recorder was killed
     * while it wrote it) is no end: the run did not end. From format 7 on, a whole marker must
     * pass its checksum.
     *
     * @throws ProvenanceException naming the file if {@code run.json} is missing, unreadable,
     *     malformed or damaged, or the marker cannot be read or is damaged
     */
    static RunFile read(StoreLayout layout) {
        RunFile f = read(layout.root());
        if (f.format() < END_IN_MARKER) {
            return f;
        }
        Path marker = layout.complete();
        try {
            byte[] bytes = Files.readAllBytes(marker);
            RunEnd end;
            if (f.format() < CHECKSUMS) {
                end = JSON.readValue(bytes, RunEnd.class);
            } else {
                // From this format on the marker is moved in place whole: one that is not was damaged.
                byte[] json;
                try {
                    json = JsonChecksum.open(bytes);
                    end = JSON.readValue(json, RunEnd.class);
                } catch (IllegalStateException | JacksonException damage) {
                    throw new ProvenanceException(marker + ": the completion marker is damaged: "
                            + (damage instanceof JacksonException j ? j.getOriginalMessage() : damage.getMessage()));
                }
                if (end == null || end.ended() == null || end.status() == null || end.actorTotals() == null) {
                    throw new ProvenanceException(marker + ": the completion marker is damaged: it does not say how the run ended");
                }
                return f.ended(end);
            }
            return end == null || end.ended() == null || end.status() == null || end.actorTotals() == null ? f : f.ended(end);
        } catch (NoSuchFileException | JacksonException notWhole) {
            // Before format 7 a marker was written in place: one cut short by a kill is no end.
            return f;
        } catch (IOException e) {
            throw new ProvenanceException(marker + ": cannot read: " + e, e);
        }
    }

    /**
     * Reads {@code run.json} from a provenance directory, as it is (from format 6 on, as the run
     * started: see {@link #read(StoreLayout)}).
     *
     * @throws ProvenanceException naming the file if it is missing, unreadable or malformed
     */
    static RunFile read(Path directory) {
        Path file = directory.resolve(NAME);
        try {
            byte[] bytes = Files.readAllBytes(file);
            boolean sealed = JsonChecksum.sealed(bytes);
            if (sealed) {
                try {
                    bytes = JsonChecksum.open(bytes);
                } catch (IllegalStateException e) {
                    throw new ProvenanceException(file + ": damaged: " + e.getMessage());
                }
            }
            RunFile f = JSON.readValue(bytes, RunFile.class);
            if (f.format() < OLDEST_FORMAT || f.format() > FORMAT) {
                throw new ProvenanceException(file + ": unsupported provenance format " + f.format() + " (this Sluice reads formats "
                        + OLDEST_FORMAT + " to " + FORMAT + ")");
            }
            if (!sealed && f.format() >= CHECKSUMS) {
                throw new ProvenanceException(file + ": damaged: it lacks the checksum a store of format " + f.format() + " has");
            }
            if (f.workflow() == null || f.runId() == null) {
                throw new ProvenanceException(file + ": incomplete run description");
            }
            return f;
        } catch (NoSuchFileException e) {
            throw new ProvenanceException(directory + " holds no recorded run: " + NAME + " is missing", e);
        } catch (IOException e) {
            throw new ProvenanceException(file + ": cannot read: " + e, e);
        } catch (JacksonException e) {
            throw new ProvenanceException(file + ": malformed: " + e.getOriginalMessage(), e);
        }
    }
}
