#!/usr/bin/env bash
# Regenerates docs/benchmarks.md, docs/benchmarks.png and docs/benchmarks-rounds.csv: builds
# bench/target/benchmarks.jar with the Maven wrapper, then runs the workflow benchmark harness
# (io.sluice.bench.WorkflowBenchmark).
#
#   bench/run-benchmarks.sh [--tokens N] [--rounds R] [other harness options; --help lists them]
#   bench/run-benchmarks.sh --heap-limited    # also mergesort at 1M, 5M, 10M words with -Xmx256m
#   bench/run-benchmarks.sh --resume [--tokens N[,N...]] [--rounds R] [--kill-at F]
#                                             # only the resume benchmark: docs/benchmarks-resume.md
#   bench/run-benchmarks.sh --lineage [--tokens N]
#                                             # only the lineage of a 10M-word run: docs/benchmarks-lineage.md
#   bench/run-benchmarks.sh --cli [--rounds R] # only the sluice command's start-up: docs/benchmarks-cli.md
#   bench/run-benchmarks.sh --remote [--rounds R] [--mib M]
#                                             # only remote channels on loopback: docs/benchmarks-remote.md
#   bench/run-benchmarks.sh --composite [--rounds R] [--mib M] [--fast KIB] [--slow KIB]
#                                             # only composite transfers over shaped links: docs/benchmarks-composite.md
#   bench/run-benchmarks.sh --composite-scaling [--rounds R] [--warmup W] [--mib M]
#                                             # only 1 to 8 sender processes: its section of docs/benchmarks-composite.md
#   bench/run-benchmarks.sh --pipeline [--words N] [--rounds R] [--variants tokens,default,...]
#                                             # memory channels against hand-written queues: docs/benchmarks-pipeline.md
#                                             # (with --variants: only those against hand-written, printed, not written)
#   bench/run-benchmarks.sh --heap-flat [--workflow filter|large-tokens] [--sizes a;b;c] [--heap H]
#                                             # the heap over memory channels: docs/benchmarks-heap.md (filter),
#                                             # docs/benchmarks-heap-bytes.md (large-tokens)
#   bench/run-benchmarks.sh --records [--records N] [--rounds R]
#                                             # generated against interpreted record resolvers: docs/benchmarks-records.md
#   bench/run-benchmarks.sh --events [--rounds R] [--latency-events N] [--rate R] [--fan-events N]
#                                             # event channels in one JVM: docs/benchmarks-events.md
#   bench/run-benchmarks.sh --remote-events [--rounds R] [--events N] [--rate R] [--tp-rounds R] [--tp-events N]
#                               [--fan-events N] [--big-events N]
#                                             # event channels over loopback: latency (server in this JVM and in
#                                             # another) against a Netty echo, then
#                                             # throughput against a space server in another JVM (publish window 1
#                                             # against pipelined, fan-out 1 -> 64, fan-in 16 -> 1, 64 B and 50 KB,
#                                             # filter at the server against in the subscriber with bytes on the wire):
#                                             # docs/benchmarks-remote-events.md
#   bench/run-benchmarks.sh --records-e2e [--records N] [--rounds R]
#                                             # the filter workflow over records against over Java objects, memory and
#                                             # fast-track channels: the end-to-end section of docs/benchmarks-records.md
#   bench/run-benchmarks.sh --sdf [--tokens N] [--rounds R]
#                                             # only the SDF director against the others: docs/benchmarks-sdf.md
#   bench/run-benchmarks.sh --replicas [--tokens N] [--work W] [--rounds R]
#                                             # a CPU-heavy actor as 1, 2, 4 copies: docs/benchmarks-replicas.md
#
# The default run (workflows, then JMH) takes about 10 minutes on two cores; --heap-limited adds
# the heap-limited section (see docs/benchmarks.md for how long it took) and needs tens of GiB of
# free disk under --scratch (default: java.io.tmpdir); runs that would not fit are skipped.
#
# Environment:
#   SLUICE_BENCH_JVM_OPTS  JVM options replacing the default heap/GC settings below
#   SLUICE_BENCH_SKIP_BUILD=1  run the jar already built
#   SLUICE_BENCH_CLASSPATH  more class path entries after the benchmarks jar (e.g. a jar of codecs)
#   JAVA_HOME              the JDK to run with (else java on the PATH)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [[ "${SLUICE_BENCH_SKIP_BUILD:-0}" != 1 ]]; then
    ./mvnw -B -q -pl bench -am package -DskipTests
fi

java="${JAVA_HOME:+$JAVA_HOME/bin/}java"

# A fixed heap (-Xms = -Xmx) so heap resizing does not add noise; large enough for mergesort's
# channels at a million words.
heap_opts=(-Xms3g -Xmx3g)
if [[ -n "${SLUICE_BENCH_JVM_OPTS:-}" ]]; then
    read -r -a heap_opts <<< "$SLUICE_BENCH_JVM_OPTS"
fi

# Persistent channels (Chronicle Queue) need these on Java 17+ (see DESIGN.md); harmless otherwise.
chronicle_opts=(
    --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED
    --add-exports=java.base/jdk.internal.ref=ALL-UNNAMED
    --add-exports=java.base/jdk.internal.util=ALL-UNNAMED
    --add-exports=java.base/sun.nio.ch=ALL-UNNAMED
    --add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED
    --add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED
    --add-opens=java.base/java.io=ALL-UNNAMED
    --add-opens=java.base/java.lang=ALL-UNNAMED
    --add-opens=java.base/java.lang.reflect=ALL-UNNAMED
    --add-opens=java.base/java.util=ALL-UNNAMED
    --add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED
    -Dchronicle.analytics.disable=true
)

if [[ "${1:-}" == "--lineage" ]]; then
    shift
    # One 10M-word filter run with provenance, then lineage queries; its directory (about 150 MiB) is deleted.
    exec "$java" "${heap_opts[@]}" "${chronicle_opts[@]}" -cp bench/target/benchmarks.jar \
        io.sluice.bench.LineageBenchmark --output docs "$@"
fi
if [[ "${1:-}" == "--cli" ]]; then
    shift
    # ./sluice as a user runs it, process by process, against ./sluice --version (about a minute).
    exec "$java" -cp bench/target/benchmarks.jar io.sluice.bench.CliStartupBenchmark --launcher "$root/sluice" --output docs "$@"
fi
if [[ "${1:-}" == "--remote" ]]; then
    shift
    # A space server, its clients and a raw relay in one JVM on loopback (a few minutes); each
    # throughput round writes --mib MiB (256 by default) to a space under --scratch, deleted at the end.
    exec "$java" "${heap_opts[@]}" "${chronicle_opts[@]}" -cp bench/target/benchmarks.jar \
        io.sluice.bench.RemoteBenchmark --output docs "$@"
fi
if [[ "${1:-}" == "--composite" ]]; then
    shift
    # Four senders behind rate-limited proxies (1 fast, 3 slow) and two receivers, all in one JVM on loopback
    # (a few minutes); each transfer writes --mib MiB (32 by default) to a space under --scratch, deleted at the end.
    exec "$java" "${heap_opts[@]}" "${chronicle_opts[@]}" -cp bench/target/benchmarks.jar \
        io.sluice.bench.CompositeBenchmark --output docs "$@"
fi
if [[ "${1:-}" == "--composite-scaling" ]]; then
    shift
    # Eight sender space servers and a receiver, each a process of its own, on loopback (a few minutes);
    # each sender holds --mib MiB (64 by default) under --scratch, each transfer's copy is unlinked after it.
    exec "$java" "${heap_opts[@]}" "${chronicle_opts[@]}" -cp bench/target/benchmarks.jar \
        io.sluice.bench.CompositeScalingBenchmark --output docs "$@"
fi
if [[ "${1:-}" == "--sdf" ]]; then
    shift
    # Fine-grained actors and the passthrough sample under each director, in memory (about a minute); no disk.
    exec "$java" "${heap_opts[@]}" -cp bench/target/benchmarks.jar io.sluice.bench.SdfBenchmark --output docs "$@"
fi
if [[ "${1:-}" == "--replicas" ]]; then
    shift
    # A CPU-heavy passthrough unreplicated and as 1, 2 and 4 copies, in memory (about a minute); no disk.
    exec "$java" "${heap_opts[@]}" -cp bench/target/benchmarks.jar io.sluice.bench.ReplicasBenchmark --output docs "$@"
fi
if [[ "${1:-}" == "--pipeline" ]]; then
    shift
    # Memory channels under each director against hand-written ArrayBlockingQueue pipelines, 5M words (a few minutes);
    # the provenance variants write to a temporary directory, deleted after each run.
    exec "$java" "${heap_opts[@]}" "${chronicle_opts[@]}" -cp bench/target/benchmarks.jar io.sluice.bench.PipelineBenchmark --output docs "$@"
fi
if [[ "${1:-}" == "--heap-flat" ]]; then
    shift
    # The filter over memory channels, bounded and unbounded, at growing sizes, each run in a child JVM with
    # -Xmx24m, under both directors (a few minutes); no disk but the children's scratch files.
    exec "$java" "${heap_opts[@]}" "${chronicle_opts[@]}" -cp bench/target/benchmarks.jar \
        io.sluice.bench.HeapFlatBenchmark --output docs "$@"
fi
if [[ "${1:-}" == "--records" ]]; then
    shift
    # A 20-field record read across a change of layout: generated and interpreted resolvers, Avro's reader, a copy
    # (under a minute); no disk.
    exec "$java" "${heap_opts[@]}" -cp bench/target/benchmarks.jar io.sluice.bench.RecordsBenchmark --output docs "$@"
fi
if [[ "${1:-}" == "--events" ]]; then
    shift
    # Publish->handler latency at a fixed rate and fan-out/fan-in throughput, in one JVM (a few minutes);
    # the persistent variant writes a log under java.io.tmpdir, deleted at the end.
    exec "$java" "${heap_opts[@]}" "${chronicle_opts[@]}" -cp bench/target/benchmarks.jar \
        io.sluice.bench.EventsBenchmark --output docs "$@"
fi
if [[ "${1:-}" == "--remote-events" ]]; then
    shift
    # Publish->handler latency over loopback through a space server, against a Netty echo and a local channel,
    # then throughput against a space server in a JVM of its own (tens of minutes at the defaults); the spaces'
    # directories are under java.io.tmpdir, deleted at the end.
    exec "$java" "${heap_opts[@]}" "${chronicle_opts[@]}" -cp bench/target/benchmarks.jar \
        io.sluice.bench.RemoteEventsBenchmark --output docs "$@"
fi
if [[ "${1:-}" == "--records-e2e" ]]; then
    shift
    # Six variants of the filter workflow, 1M records each, 5 rounds after 2 of warm-up (a few minutes); each
    # fast-track run writes its channels under --scratch (tens of MiB), deleted after it.
    exec "$java" "${heap_opts[@]}" "${chronicle_opts[@]}" -cp bench/target/benchmarks.jar \
        io.sluice.bench.RecordsWorkflowBenchmark --output docs "$@"
fi
if [[ "${1:-}" == "--resume" ]]; then
    shift
    # A filter run killed at 90% and resumed, in child JVMs, at 10M and 100M words by default (2 minutes on two cores);
    # a run holds about 100 MiB on disk per 10M words, so a 100M-word round needs about 2 GiB while it runs.
    exec "$java" "${heap_opts[@]}" "${chronicle_opts[@]}" -cp bench/target/benchmarks.jar \
        io.sluice.bench.ResumeBenchmark --output docs "$@"
fi

start=$(date +%s)
"$java" "${heap_opts[@]}" -Djava.awt.headless=true "${chronicle_opts[@]}" \
    -cp "bench/target/benchmarks.jar${SLUICE_BENCH_CLASSPATH:+:$SLUICE_BENCH_CLASSPATH}" \
    io.sluice.bench.WorkflowBenchmark --output docs "$@"
echo "run-benchmarks.sh: $(( $(date +%s) - start )) s for the harness"
