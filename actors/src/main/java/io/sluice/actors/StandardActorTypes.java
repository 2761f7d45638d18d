package io.sluice.actors;

import io.sluice.actors.expression.ExpressionActor;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.ActorTypes;
import io.sluice.workflow.Parameters;
import java.util.List;

/**
 * The standard actors as types for JSON workflows (found by {@link ActorRegistry#discover}), with
 * Ptolemy II's port and parameter names. A multiport {@code p} of width <i>w</i> is the ports
 * {@code p_0} ... {@code p_}<i>w-1</i>; see the package comment for that and for the arithmetic.
 *
 * <table>
 *   <caption>Standard actor types</caption>
 *   <tr><th>type</th><th>ports</th><th>parameters</th></tr>
 *   <tr><td>{@code ramp}</td><td>out {@code output}: Integer, Long or Double</td>
 *       <td>{@code init} (number, default 0), {@code step} (number, default 1),
 *       {@code firingCountLimit} (default 0: no limit)</td></tr>
 *   <tr><td>{@code const}</td><td>in {@code trigger_0}...: Object; out {@code output}: the value's class</td>
 *       <td>{@code value} (number, string or boolean; required), {@code firingCountLimit}
 *       (default 0: no limit), {@code triggerWidth} (default 0)</td></tr>
 *   <tr><td>{@code sequence}</td><td>out {@code output}: the class its values share (else
 *       Number or Object)</td>
 *       <td>{@code values} (array; required), {@code repeat} (default false),
 *       {@code firingCountLimit} (default 0: no limit), {@code enableWidth} (0 or 1, default 0: with 1,
 *       in {@code enable_0}: Object (booleans))</td></tr>
 *   <tr><td>{@code scale}</td><td>in {@code input}, out {@code output}: Number</td>
 *       <td>{@code factor} (number, default 1)</td></tr>
 *   <tr><td>{@code add-subtract}</td><td>in {@code plus_0}..., {@code minus_0}..., out
 *       {@code output}: Object (numbers or strings)</td>
 *       <td>{@code plusWidth} (default 1), {@code minusWidth} (default 0)</td></tr>
 *   <tr><td>{@code multiply-divide}</td><td>in {@code multiply_0}..., {@code divide_0}..., out
 *       {@code output}: Number</td>
 *       <td>{@code multiplyWidth} (default 1), {@code divideWidth} (default 0)</td></tr>
 *   <tr><td>{@code sample-delay}</td><td>in {@code input}, out {@code output}: Object</td>
 *       <td>{@code initialOutputs} (array, default {@code [0]})</td></tr>
 *   <tr><td>{@code boolean-switch}</td><td>in {@code input}, {@code control} (booleans): Object;
 *       out {@code trueOutput}, {@code falseOutput}: Object</td><td>none</td></tr>
 *   <tr><td>{@code boolean-select}</td><td>in {@code trueInput}, {@code falseInput}: Object,
 *       {@code control} (booleans): Object; out {@code output}: Object</td><td>none</td></tr>
 *   <tr><td>{@code test}</td><td>in {@code input} (or {@code input_0}... with an input width of 2
 *       or more): Object</td>
 *       <td>{@code correctValues} (array; required), {@code tolerance} (default 1e-9),
 *       {@code inputWidth} (default 1)</td></tr>
 *   <tr><td>{@code expression}</td><td>ins named by {@code inputs}: Object; out {@code output}: Object</td>
 *       <td>{@code expression} (required; docs/expressions.md), {@code inputs} (the input ports' names, default none)</td></tr>
 *   <tr><td>{@code display}</td><td>in {@code input}: Object</td>
 *       <td>{@code file}, relative to the work directory (default {@code display.txt}); outside
 *       it only if the run allows that</td></tr>
 *   <tr><td>{@code line-reader}</td><td>out {@code output}: String</td>
 *       <td>{@code file} (required; relative to the workflow file's directory),
 *       {@code numberOfLinesToSkip} (default 0), {@code firingCountLimit} (default 0: every
 *       line)</td></tr>
 *   <tr><td>{@code line-writer}</td><td>in {@code input}: Object</td>
 *       <td>{@code file} (required; relative to the work directory, outside it only if the run
 *       allows that), {@code append} (default false)</td></tr>
 *   <tr><td>{@code csv-reader}</td><td>out {@code output}: Object (a list of a row's fields,
 *       in column order)</td>
 *       <td>{@code file} (required; relative to the workflow file's directory),
 *       {@code separator} (default {@code ,}), {@code header} (default true),
 *       {@code firingCountLimit} (default 0: every row)</td></tr>
 *   <tr><td>{@code csv-writer}</td><td>in {@code input}: Object (a list is a row)</td>
 *       <td>{@code file} (required; relative to the work directory, outside it only if the run
 *       allows that), {@code separator} (default {@code ,}), {@code columns} (array of names
 *       written as the header; default none)</td></tr>
 *   <tr><td>{@code absolute-value}</td><td>in {@code input}, out {@code output}: Number</td><td>none</td></tr>
 *   <tr><td>{@code down-sample}</td><td>in {@code input} (rate {@code factor}), out {@code output}: Object</td>
 *       <td>{@code factor} (default 2), {@code phase} (default 0)</td></tr>
 *   <tr><td>{@code up-sample}</td><td>in {@code input}, out {@code output} (rate {@code factor}): Object</td>
 *       <td>{@code factor} (default 2), {@code phase} (default 0)</td></tr>
 *   <tr><td>{@code repeat}</td><td>in {@code input} (rate {@code blockSize}), out {@code output}
 *       (rate {@code numberOfTimes * blockSize}): Object</td>
 *       <td>{@code numberOfTimes} (default 2), {@code blockSize} (default 1)</td></tr>
 *   <tr><td>{@code sequence-to-array}</td><td>in {@code input} (rate {@code arrayLength}): Object,
 *       out {@code output}: List</td><td>{@code arrayLength} (default 1)</td></tr>
 *   <tr><td>{@code array-to-sequence}</td><td>in {@code input}: List, out {@code output} (rate
 *       {@code arrayLength}): Object</td>
 *       <td>{@code arrayLength} (default 1), {@code enforceArrayLength} (default true)</td></tr>
 *   <tr><td>{@code accumulator}</td><td>in {@code input_0}...: Number, {@code reset_0} (with resetWidth 1):
 *       Object (booleans); out {@code output}: Number</td>
 *       <td>{@code init} (default 0), {@code inputWidth} (default 1), {@code resetWidth} (default 0)</td></tr>
 *   <tr><td>{@code pulse}</td><td>out {@code output}: Object</td>
 *       <td>{@code indexes} (default [0, 1]), {@code values} (default [1, 0]), {@code repeat} (default false),
 *       {@code firingCountLimit} (default 0: no limit)</td></tr>
 *   <tr><td>{@code commutator}</td><td>in {@code input_0}... (rate {@code blockSize}), out {@code output}
 *       (rate width times {@code blockSize}): Object</td>
 *       <td>{@code inputWidth} (default 1), {@code blockSize} (default 1)</td></tr>
 *   <tr><td>{@code distributor}</td><td>in {@code input} (rate width times {@code blockSize}), out
 *       {@code output_0}... (rate {@code blockSize}): Object</td>
 *       <td>{@code outputWidth} (default 1), {@code blockSize} (default 1)</td></tr>
 *   <tr><td>{@code token-to-expression}</td><td>in {@code input}: Object, out {@code output}: String</td><td>none</td></tr>
 *   <tr><td>{@code sleep}</td><td>in {@code input}, out {@code output}: Object</td>
 *       <td>{@code sleepTime} (milliseconds, default 0)</td></tr>
 *   <tr><td>{@code equals}</td><td>in {@code input_0}...: Object; out {@code output}: Boolean</td>
 *       <td>{@code inputWidth} (default 1)</td></tr>
 *   <tr><td>{@code comparator}</td><td>in {@code left}, {@code right}: Object (numbers); out
 *       {@code output}: Boolean</td><td>{@code comparison} (default {@code >}), {@code tolerance} (default 0)</td></tr>
 *   <tr><td>{@code logical-not}</td><td>in {@code input} (booleans): Object, out {@code output}: Boolean</td><td>none</td></tr>
 *   <tr><td>{@code logic-function}</td><td>in {@code input_0}... (booleans): Object, out {@code output}: Boolean</td>
 *       <td>{@code function} (default {@code and}), {@code inputWidth} (default 1)</td></tr>
 *   <tr><td>{@code switch}</td><td>in {@code input}, {@code control} (integers): Object; out
 *       {@code output_0}...: Object</td><td>{@code outputWidth} (default 1)</td></tr>
 *   <tr><td>{@code select}</td><td>in {@code input_0}..., {@code control} (integers): Object; out
 *       {@code output}: Object</td><td>{@code inputWidth} (default 1)</td></tr>
 *   <tr><td>{@code ordered-merge}</td><td>in {@code inputA}, {@code inputB}: Object (numbers); out
 *       {@code output}: Number, {@code selectedA}: Boolean</td><td>{@code eliminateDuplicates} (default false)</td></tr>
 * </table>
 *
 * <p>Each factory reads every parameter it understands through {@link Parameters}, so that a JSON
 * workflow's loader rejects any other, and throws {@link IllegalArgumentException} naming the
 * parameter that is missing or invalid. Stateless; the factories may be called from any thread.
 */
public final class StandardActorTypes implements ActorTypes {

    @Override
    public void registerTo(ActorRegistry.Builder registry) {
        registry.register(Ramp.TYPE, p -> new Ramp(number(p, Ramp.INIT, 0), number(p, Ramp.STEP, 1),
                        p.longValue(Ramp.FIRING_COUNT_LIMIT, 0)), StandardActorInfos.RAMP)
                .register(Const.TYPE, p -> new Const(required(p, Const.VALUE), p.longValue(Const.FIRING_COUNT_LIMIT, 0),
                        p.intValue(Const.TRIGGER_WIDTH, 0)), StandardActorInfos.CONST)
                .register(Sequence.TYPE, p -> new Sequence(Tokens.array(Sequence.VALUES, required(p, Sequence.VALUES)),
                        p.booleanValue(Sequence.REPEAT, false), p.longValue(Sequence.FIRING_COUNT_LIMIT, 0),
                        p.intValue(Sequence.ENABLE_WIDTH, 0)), StandardActorInfos.SEQUENCE)
                .register(Scale.TYPE, p -> new Scale(number(p, Scale.FACTOR, 1)), StandardActorInfos.SCALE)
                .register(AddSubtract.TYPE, p -> new AddSubtract(p.intValue(AddSubtract.PLUS_WIDTH, 1),
                        p.intValue(AddSubtract.MINUS_WIDTH, 0)), StandardActorInfos.ADD_SUBTRACT)
                .register(MultiplyDivide.TYPE, p -> new MultiplyDivide(p.intValue(MultiplyDivide.MULTIPLY_WIDTH, 1),
                        p.intValue(MultiplyDivide.DIVIDE_WIDTH, 0)), StandardActorInfos.MULTIPLY_DIVIDE)
                .register(SampleDelay.TYPE, p -> new SampleDelay(p.has(SampleDelay.INITIAL_OUTPUTS)
                        ? Tokens.array(SampleDelay.INITIAL_OUTPUTS, value(p, SampleDelay.INITIAL_OUTPUTS))
                        : List.of(0)), StandardActorInfos.SAMPLE_DELAY)
                .register(BooleanSwitch.TYPE, p -> new BooleanSwitch(), StandardActorInfos.BOOLEAN_SWITCH)
                .register(BooleanSelect.TYPE, p -> new BooleanSelect(), StandardActorInfos.BOOLEAN_SELECT)
                .register(Test.TYPE, p -> new Test(Tokens.array(Test.CORRECT_VALUES, required(p, Test.CORRECT_VALUES)),
                        p.doubleValue(Test.TOLERANCE, Test.DEFAULT_TOLERANCE), p.intValue(Test.INPUT_WIDTH, 1)), StandardActorInfos.TEST)
                .register(Display.TYPE, p -> new Display(p.string(Display.FILE, Display.DEFAULT_FILE)), StandardActorInfos.DISPLAY)
                .register(LineReader.TYPE, p -> new LineReader(p.path(LineReader.FILE),
                        p.longValue(LineReader.NUMBER_OF_LINES_TO_SKIP, 0), p.longValue(LineReader.FIRING_COUNT_LIMIT, 0)),
                        StandardActorInfos.LINE_READER)
                .register(LineWriter.TYPE, p -> new LineWriter(p.string(LineWriter.FILE), p.booleanValue(LineWriter.APPEND, false)),
                        StandardActorInfos.LINE_WRITER)
                .register(CsvReader.TYPE, p -> new CsvReader(p.path(CsvReader.FILE),
                        p.string(CsvReader.SEPARATOR, CsvReader.DEFAULT_SEPARATOR), p.booleanValue(CsvReader.HEADER, true),
                        p.longValue(CsvReader.FIRING_COUNT_LIMIT, 0)), StandardActorInfos.CSV_READER)
                .register(CsvWriter.TYPE, p -> new CsvWriter(p.string(CsvWriter.FILE),
                        p.string(CsvWriter.SEPARATOR, CsvWriter.DEFAULT_SEPARATOR), names(p, CsvWriter.COLUMNS)),
                        StandardActorInfos.CSV_WRITER)
                .register(EXPRESSION, p -> new ExpressionActor(p.string("expression"), names(p, "inputs")),
                        StandardActorInfos.EXPRESSION)
                .register(AbsoluteValue.TYPE, p -> new AbsoluteValue(), StandardActorInfos.ABSOLUTE_VALUE)
                .register(DownSample.TYPE, p -> new DownSample(p.intValue(DownSample.FACTOR, 2), p.intValue(DownSample.PHASE, 0)),
                        StandardActorInfos.DOWN_SAMPLE)
                .register(UpSample.TYPE, p -> new UpSample(p.intValue(UpSample.FACTOR, 2), p.intValue(UpSample.PHASE, 0)),
                        StandardActorInfos.UP_SAMPLE)
                .register(Repeat.TYPE, p -> new Repeat(p.intValue(Repeat.NUMBER_OF_TIMES, 2), p.intValue(Repeat.BLOCK_SIZE, 1)),
                        StandardActorInfos.REPEAT)
                .register(SequenceToArray.TYPE, p -> new SequenceToArray(p.intValue(SequenceToArray.ARRAY_LENGTH, 1)),
                        StandardActorInfos.SEQUENCE_TO_ARRAY)
                .register(ArrayToSequence.TYPE, p -> new ArrayToSequence(p.intValue(ArrayToSequence.ARRAY_LENGTH, 1),
                        p.booleanValue(ArrayToSequence.ENFORCE_ARRAY_LENGTH, true)), StandardActorInfos.ARRAY_TO_SEQUENCE)
                .register(Accumulator.TYPE, p -> new Accumulator(number(p, Accumulator.INIT, 0), p.intValue(Accumulator.INPUT_WIDTH, 1),
                        p.intValue(Accumulator.RESET_WIDTH, 0)), StandardActorInfos.ACCUMULATOR)
                .register(Pulse.TYPE, p -> new Pulse(p.has(Pulse.INDEXES) ? Tokens.array(Pulse.INDEXES, value(p, Pulse.INDEXES))
                        : List.of(0, 1), p.has(Pulse.VALUES) ? Tokens.array(Pulse.VALUES, value(p, Pulse.VALUES)) : List.of(1, 0),
                        p.booleanValue(Pulse.REPEAT, false), p.longValue(Pulse.FIRING_COUNT_LIMIT, 0)), StandardActorInfos.PULSE)
                .register(Commutator.TYPE, p -> new Commutator(p.intValue(Commutator.INPUT_WIDTH, 1), p.intValue(Commutator.BLOCK_SIZE, 1)),
                        StandardActorInfos.COMMUTATOR)
                .register(TokenToExpression.TYPE, p -> new TokenToExpression(), StandardActorInfos.TOKEN_TO_EXPRESSION)
                .register(Distributor.TYPE, p -> new Distributor(p.intValue(Distributor.OUTPUT_WIDTH, 1),
                        p.intValue(Distributor.BLOCK_SIZE, 1)), StandardActorInfos.DISTRIBUTOR)
                .register(Sleep.TYPE, p -> new Sleep(p.longValue(Sleep.SLEEP_TIME, 0)), StandardActorInfos.SLEEP)
                .register(Equals.TYPE, p -> new Equals(p.intValue(Equals.INPUT_WIDTH, 1)), StandardActorInfos.EQUALS)
                .register(Comparator.TYPE, p -> new Comparator(p.string(Comparator.COMPARISON, ">"),
                        p.doubleValue(Comparator.TOLERANCE, 0)), StandardActorInfos.COMPARATOR)
                .register(LogicalNot.TYPE, p -> new LogicalNot(), StandardActorInfos.LOGICAL_NOT)
                .register(LogicFunction.TYPE, p -> new LogicFunction(p.string(LogicFunction.FUNCTION, "and"),
                        p.intValue(LogicFunction.INPUT_WIDTH, 1)), StandardActorInfos.LOGIC_FUNCTION)
                .register(Switch.TYPE, p -> new Switch(p.intValue(Switch.OUTPUT_WIDTH, 1)), StandardActorInfos.SWITCH)
                .register(Select.TYPE, p -> new Select(p.intValue(Select.INPUT_WIDTH, 1)), StandardActorInfos.SELECT)
                .register(OrderedMerge.TYPE, p -> new OrderedMerge(p.booleanValue(OrderedMerge.ELIMINATE_DUPLICATES, false)),
                        StandardActorInfos.ORDERED_MERGE);
    }

    /** The type name of {@link ExpressionActor}. */
    public static final String EXPRESSION = "expression";

    /** A parameter that lists names (strings); empty if absent. */
    private static List<String> names(Parameters p, String name) {
        if (!p.has(name)) {
            return List.of();
        }
        List<Object> values = Tokens.array(name, value(p, name));
        List<String> out = new java.util.ArrayList<>();
        for (Object v : values) {
            if (!(v instanceof String s)) {
                throw new IllegalArgumentException("parameter '" + name + "' must list names (strings), got " + v);
            }
            out.add(s);
        }
        return out;
    }

    /** An optional number, kept of its kind (an int stays an int), or {@code defaultValue}. */
    private static Number number(Parameters p, String name, Number defaultValue) {
        return p.has(name) ? Tokens.number(name, value(p, name)) : defaultValue;
    }

    /** A required parameter of any kind; the actor checks its kind. */
    private static Object required(Parameters p, String name) {
        if (!p.has(name)) {
            throw new IllegalArgumentException("parameter '" + name + "' is required");
        }
        return value(p, name);
    }

    /**
     * A parameter as given, for the kinds {@link Parameters} has no getter for (a number of any
     * kind, an array); the caller has asked {@link Parameters#has}, which marks it read.
     */
    private static Object value(Parameters p, String name) {
        return p.asMap().get(name);
    }
}
