/**
 * The standard actor library: sources, arithmetic, control, test and file actors that real
 * workflows use, registered for JSON and MoML workflows by
 * {@link io.sluice.actors.StandardActorTypes}.
 * The user's page is {@code docs/actors.md}.
 *
 * <p><b>Names.</b> Each actor takes its class name, port names and parameter names from the
 * Ptolemy II actor it stands for ({@code ptolemy.actor.lib.Ramp} is {@link io.sluice.actors.Ramp}
 * with port {@code output} and parameters {@code init}, {@code step} and
 * {@code firingCountLimit}), so that a MoML importer can map Ptolemy's classes onto these types by
 * name. Each class states its registry type name as {@code TYPE} and its parameter names as
 * constants.
 *
 * <p><b>Tokens.</b> Tokens are plain Java values: {@code Integer}, {@code Long}, {@code Double},
 * {@code Boolean}, {@code String}, and {@code List} for arrays. Parameters that hold tokens
 * (a {@code value}, {@code values}, {@code initialOutputs} or {@code correctValues}) accept
 * numbers, strings, booleans and arrays of them; other number classes are widened on the way in
 * ({@code Short} to {@code Integer}, {@code Float} and {@code BigDecimal} to {@code Double}, a
 * {@code BigInteger} to whichever of {@code Integer} and {@code Long} holds it).
 *
 * <p><b>Numbers.</b> Arithmetic follows Ptolemy's lossless widening, int to long to double: an
 * operation on an {@code Integer} and an {@code Integer} gives an {@code Integer} (overflow wraps
 * around, as in Java and Ptolemy), with a {@code Long} it gives a {@code Long}, with a
 * {@code Double} a {@code Double}. Integer division truncates toward zero and fails with an
 * {@link java.lang.ArithmeticException} naming the port of a zero divisor; doubles follow IEEE
 * 754. Where Ptolemy refuses to combine a long with a double, these actors compute in double,
 * which rounds a long beyond 2<sup>53</sup> in magnitude.
 *
 * <p><b>Multiports.</b> A Ptolemy multiport {@code p} of width <i>w</i> becomes <i>w</i> ordinary
 * ports named {@code p_0} ... {@code p_}<i>w-1</i>: a Sluice port carries one channel and every
 * input port must be connected, so the width is a parameter ({@code plusWidth},
 * {@code multiplyWidth}, ...); width 0 gives no port. Each firing takes one token from every such
 * port, in index order.
 *
 * <p><b>Port types.</b> A connection needs the reader's port type to be assignable from the
 * writer's; there is no type inference. Inputs are typed {@code Object} (but the {@code Boolean}
 * control ports): an arithmetic actor checks each token it takes and fails the firing naming the
 * port if it is not a number, as Ptolemy does at run time, so that any output can feed it.
 * Arithmetic outputs are typed {@code Number}, except the outputs of the sources: those of {@link io.sluice.actors.Ramp} and {@link io.sluice.actors.Const} are
 * typed with the exact class of what they put, and that of {@link io.sluice.actors.Sequence} with
 * the class its values share, so that a reader typed for it connects (a sequence of booleans to a
 * {@code Boolean} control port). Ports that carry any token are typed {@code Object}, and so are
 * those of {@link io.sluice.actors.CsvReader} and {@link io.sluice.actors.CsvWriter}, whose
 * tokens are lists: persistent channels store the library's tokens through
 * {@link io.sluice.actors.TokenCodec}, which is registered for ports typed {@code Object} and
 * {@code Number}.
 *
 * <p><b>Sources and the end of a run.</b> {@link io.sluice.actors.Ramp},
 * {@link io.sluice.actors.Const} and {@link io.sluice.actors.Sequence} finish after their last
 * token when they have a {@code firingCountLimit} (or, for a sequence that does not repeat, at the
 * end of its values); with limit 0 they put tokens until the run stops (it is cancelled, times
 * out, or fails elsewhere), so a workflow whose sources have no limit does not end by itself.
 * {@link io.sluice.actors.LineReader} and {@link io.sluice.actors.CsvReader} finish at the end of
 * their file or at their {@code firingCountLimit}, whichever comes first. Every other actor ends
 * when an input it takes from ends.
 *
 * <p><b>Files.</b> The readers read a file named by {@code file}, which a JSON workflow resolves
 * against its own directory; the writers ({@link io.sluice.actors.Display},
 * {@link io.sluice.actors.LineWriter}, {@link io.sluice.actors.CsvWriter}) write a file in the
 * run's work directory, declared through {@link io.sluice.actor.WritesFiles} so that a run refuses
 * one outside it unless it allows that. Files are UTF-8. Each actor opens its file when it is
 * initialised and closes it at wrap-up, which the director calls whatever happened.
 *
 * <p><b>Threading and failure.</b> As for every {@link io.sluice.actor.Actor}: a director calls an
 * actor's methods one at a time, on whichever thread it chooses. An actor's constructor throws
 * {@link java.lang.IllegalArgumentException} naming the parameter when one is invalid; an
 * exception thrown while firing fails the run ({@link io.sluice.run.RunFailedException}), and the
 * run's error names the actor and the firing, the exception's message the port or the token.
 */
package io.sluice.actors;
