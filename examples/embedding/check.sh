#!/usr/bin/env bash
# Checks the embedding example end to end, as a project that uses Sluice would:
#
#   1. installs Sluice's artifacts (the BOM and every module) into a throw-away local Maven
#      repository, target/sluice-repo here, never into your own (~/.m2/repository, which only
#      lends the third-party artifacts it already holds, read-only);
#   2. builds this project with the Maven wrapper against that repository, by Sluice's
#      coordinates through the BOM;
#   3. runs count-per-key.json with the ./sluice launcher, the example's jar added with
#      --classpath or SLUICE_CLASSPATH, and checks the result, `channel read` of the channel of
#      the project's own token type, and `prov lineage` of a result line; and that each of them
#      fails, naming what is missing, without the jar.
#
# Run it after Sluice is built (./mvnw -B verify, as CI does): bash examples/embedding/check.sh
# Needs the network only for what your local repository lacks.
#
# Environment:
#   MAVEN_LOCAL_REPOSITORY  the local repository to borrow third-party artifacts from
#                           (default ~/.m2/repository); nothing is written to it
set -euo pipefail
unset SLUICE_CLASSPATH

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
repo="$here/target/sluice-repo"
work="$here/target/work"
borrowed="${MAVEN_LOCAL_REPOSITORY:-$HOME/.m2/repository}"
version="$(sed -n '/<artifactId>sluice-parent</,/<version>/s/.*<version>\(.*\)<\/version>.*/\1/p' "$root/pom.xml")"
jar="$here/target/sluice-embedding-example-1.0.0.jar"

fail() {
  echo "check.sh: FAILED: $1" >&2
  exit 1
}

# Runs the launcher, keeping its stdout, stderr and exit code in $out, $err and $code.
launch() {
  local errors
  errors="$(mktemp)"
  code=0
  out="$("$root/sluice" "$@" 2>"$errors")" || code=$?
  err="$(cat "$errors")"
  rm -f "$errors"
}

start=$SECONDS
echo "check.sh: installing Sluice $version into $repo"
rm -rf "$repo" "$work"
maven_repos=(-Dmaven.repo.local="$repo" -Dmaven.repo.local.tail="$borrowed")
# Sources and javadoc jars are left out: the example needs neither, and verify made both.
(cd "$root" && ./mvnw -B -q install -DskipTests -Dmaven.source.skip=true -Dmaven.javadoc.skip=true "${maven_repos[@]}")
[ -f "$repo/io/sluice/sluice-bom/$version/sluice-bom-$version.pom" ] || fail "the BOM was not installed into $repo"

echo "check.sh: building the example against it"
(cd "$here" && "$root/mvnw" -B -q package -Dsluice.version="$version" "${maven_repos[@]}")
[ -f "$jar" ] || fail "the build made no $jar"
if "${JAVA_HOME:+$JAVA_HOME/bin/}jar" tf "$jar" | grep -q '^io/sluice/'; then
  fail "$jar holds Sluice's classes; it should hold only the example's"
fi

# What count-per-key.json must write: each word's first letter and how many words so far had it.
expected="$(awk '{ n[substr($0, 1, 1)]++; print "KeyCount[key=" substr($0, 1, 1) ", count=" n[substr($0, 1, 1)] "]" }' "$here/words.txt")"
words="$(wc -l <"$here/words.txt" | tr -d ' ')"

echo "check.sh: running count-per-key.json with the launcher"
launch run "$here/count-per-key.json" --work "$work"
[ "$code" = 1 ] || fail "without the example's jar, run exited with $code, not 1: $err"
case "$err" in
  *"unknown actor type 'count-per-key'"*) ;;
  *) fail "without the example's jar, run did not name the unknown actor type: $err" ;;
esac

launch --classpath "$jar" run "$here/count-per-key.json" --work "$work"
[ "$code" = 0 ] || fail "run exited with $code: $err"
case "$out" in
  "count-per-key: $words tokens in "*) ;;
  *) fail "unexpected summary: $out" ;;
esac
if grep -q WARNING <<<"$err"; then
  fail "the run printed warnings: $err"
fi
[ "$(cat "$work/result.txt")" = "$expected" ] || fail "$work/result.txt is not what count-per-key computes; diff:
$(diff <(echo "$expected") "$work/result.txt" || true)"

echo "check.sh: reading the channel of the example's own token type"
launch channel read "$work/channels/count.out"
[ "$code" = 1 ] || fail "without the example's jar, channel read exited with $code, not 1: $err"
case "$err" in
  *"com.example.keycount.KeyCount is not on the class path"*) ;;
  *) fail "without the example's jar, channel read did not name the missing class: $err" ;;
esac
SLUICE_CLASSPATH="$jar" launch channel read "$work/channels/count.out"
[ "$code" = 0 ] || fail "channel read exited with $code: $err"
[ "$out" = "$expected" ] || fail "channel read printed other tokens than result.txt holds: $out"

echo "check.sh: the lineage of the last result line"
launch --classpath "$jar" prov lineage "$work" --line "$words"
[ "$code" = 0 ] || fail "prov lineage exited with $code: $err"
last_word="$(tail -n 1 "$here/words.txt")"
case "$out" in
  "count.out#$((words - 1)) \"$(tail -n 1 <<<"$expected")\": derived from"*"took in=words.out[$((words - 1)),$words): \"$last_word\""*) ;;
  *) fail "prov lineage does not derive the last count from the last word: $out" ;;
esac

echo "check.sh: OK, the example built against Sluice $version and ran with the launcher ($((SECONDS - start)) s)"
