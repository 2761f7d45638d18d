package io.sluice.moml;

import java.util.ArrayList;
import java.util.List;

/**
 * The Ptolemy II classes the standard actor library ({@code sluice-actors}) implements, found by
 * {@link PtolemyClassRegistry#discover}. The table in docs/moml.md lists them with their
 * parameters.
 */
public final class StandardPtolemyClasses implements PtolemyClasses {
    private static final String LIMIT = "firingCountLimit";

    @Override
    public void registerTo(PtolemyClassRegistry.Builder registry) {
        registry.map("ptolemy.actor.lib.Ramp", ClassMapping.to("ramp").parameters("init", "step", LIMIT).limitedBy(LIMIT))
                .map("ptolemy.actor.lib.Const", ClassMapping.to("const").parameters("value", LIMIT).limitedBy(LIMIT)
                        .defaulting("value", 1).multiports("trigger"))
                .map("ptolemy.actor.lib.Sequence", ClassMapping.to("sequence").parameters("values", "repeat", LIMIT).limitedBy(LIMIT)
                        .requiring("holdLastOutput", "false").multiports("enable"))
                .map("ptolemy.actor.lib.Scale", ClassMapping.to("scale").parameters("factor").ignoring("scaleOnLeft"))
                .map("ptolemy.actor.lib.AddSubtract", ClassMapping.to("add-subtract").multiports("plus", "minus"))
                .map("ptolemy.actor.lib.MultiplyDivide", ClassMapping.to("multiply-divide").multiports("multiply", "divide"))
                .map("ptolemy.domains.sdf.lib.SampleDelay", ClassMapping.to("sample-delay").parameters("initialOutputs"))
                .map("ptolemy.actor.lib.BooleanSwitch", ClassMapping.to("boolean-switch"))
                .map("ptolemy.actor.lib.BooleanSelect", ClassMapping.to("boolean-select"))
                .map("ptolemy.actor.lib.Test", ClassMapping.to("test").parameter("correctValues", "correctValues", "input",
                        StandardPtolemyClasses::perChannel).parameters("tolerance").multiportsPlainWhenSingle("input")
                        .requiring("trainingMode", "false").requiring("requireAllCorrectValues", "true"))
                .map("ptolemy.actor.lib.NonStrictTest", ClassMapping.to("test").parameters("correctValues", "tolerance")
                        .requiring("trainingMode", "false").requiring("requireAllCorrectValues", "true")
                        .requiring("requireOrderedValues", "true"))
                .map("ptolemy.actor.lib.gui.Display", ClassMapping.to("display")
                        .ignoring("rowsDisplayed", "columnsDisplayed", "suppressBlankLines", "title")
                        .fixed("file", actor -> "display-" + actor + ".txt"))
                .map("ptolemy.actor.lib.Expression", ClassMapping.to("expression").parameters("expression").inputPortsAs("inputs"))
                .map("ptolemy.actor.lib.AbsoluteValue", ClassMapping.to("absolute-value"))
                .map("ptolemy.domains.sdf.lib.DownSample", ClassMapping.to("down-sample").parameters("factor", "phase"))
                .map("ptolemy.domains.sdf.lib.UpSample", ClassMapping.to("up-sample").parameters("factor", "phase"))
                .map("ptolemy.domains.sdf.lib.Repeat", ClassMapping.to("repeat").parameters("numberOfTimes", "blockSize"))
                .map("ptolemy.domains.sdf.lib.SequenceToArray", ClassMapping.to("sequence-to-array").parameters("arrayLength"))
                .map("ptolemy.domains.sdf.lib.ArrayToSequence", ClassMapping.to("array-to-sequence")
                        .parameters("arrayLength", "enforceArrayLength"))
                .map("ptolemy.actor.lib.Accumulator", ClassMapping.to("accumulator").parameters("init").multiports("input", "reset"))
                .map("ptolemy.actor.lib.Pulse", ClassMapping.to("pulse").parameters("indexes", "values", "repeat", LIMIT)
                        .limitedBy(LIMIT))
                .map("ptolemy.actor.lib.Commutator", ClassMapping.to("commutator").parameters("blockSize").multiports("input"))
                .map("ptolemy.actor.lib.conversions.TokenToExpression", ClassMapping.to("token-to-expression"))
                .map("ptolemy.actor.lib.Distributor", ClassMapping.to("distributor").parameters("blockSize").multiports("output"))
                .map("ptolemy.actor.lib.Sleep", ClassMapping.to("sleep").parameters("sleepTime"))
                .map("ptolemy.actor.lib.logic.Equals", ClassMapping.to("equals").multiports("input"))
                .map("ptolemy.actor.lib.logic.Comparator", ClassMapping.to("comparator").parameters("comparison", "tolerance"))
                .map("ptolemy.actor.lib.logic.LogicalNot", ClassMapping.to("logical-not"))
                .map("ptolemy.actor.lib.logic.LogicFunction", ClassMapping.to("logic-function").parameters("function")
                        .multiports("input"))
                .map("ptolemy.actor.lib.Switch", ClassMapping.to("switch").multiports("output"))
                .map("ptolemy.actor.lib.Select", ClassMapping.to("select").multiports("input"))
                .map("ptolemy.domains.ddf.lib.DDFSelect", ClassMapping.to("select").multiports("input"))
                .map("ptolemy.domains.ddf.lib.DDFBooleanSelect", ClassMapping.to("boolean-select"))
                .map("ptolemy.actor.lib.OrderedMerge", ClassMapping.to("ordered-merge").parameters("eliminateDuplicates"))
                .map("ptolemy.domains.ddf.lib.DDFOrderedMerge", ClassMapping.to("ordered-merge").parameters("eliminateDuplicates"));
    }

    /**
     * A Ptolemy {@code Test}'s correct values as Sluice's test takes them. In Ptolemy an element
     * that is an array holds one value per input channel, so an array token is written
     * {@code {{4, 6}}}. With several channels, Sluice's test (with {@code inputWidth} ports) reads
     * the elements so too; with one, each element becomes its only value ({@link #oneChannel}).
     * ({@code NonStrictTest}, whose input is a single port, takes each element as the token.)
     */
    static Object perChannel(Object correctValues, Integer width) {
        return width > 1 ? correctValues : oneChannel(correctValues);
    }

    /** Correct values for one channel: an array element must hold one value, which it becomes. */
    static Object oneChannel(Object correctValues) {
        if (!(correctValues instanceof List<?> values)) {
            throw new IllegalArgumentException("correctValues must be an array, got " + correctValues);
        }
        List<Object> out = new ArrayList<>();
        for (Object v : values) {
            if (v instanceof List<?> perChannel) {
                if (perChannel.size() != 1) {
                    throw new IllegalArgumentException("the element " + v + " holds values for " + perChannel.size()
                            + " input channels; Sluice's test reads one");
                }
                out.add(perChannel.get(0));
            } else {
                out.add(v);
            }
        }
        return out;
    }
}
