package io.sluice.actors;

import io.sluice.workflow.ActorTypeInfo;

/** What a palette shows of each standard actor type ({@link StandardActorTypes} registers them with these). */
final class StandardActorInfos {
    private StandardActorInfos() {}

    private static final String LIMIT = "firings before the source finishes; 0 for no limit";

    static final ActorTypeInfo RAMP = ActorTypeInfo.of("ramp", "Puts init, init + step, init + 2 step, ...")
            .output("output", Number.class, "the numbers: Integers when init and step are ints, Longs or Doubles otherwise")
            .optional("init", "number", 0, "the first number").optional("step", "number", 1, "what each next number adds")
            .optional("firingCountLimit", "integer", 0, LIMIT);
    static final ActorTypeInfo CONST = ActorTypeInfo.of("const", "Puts the same value in every firing.")
            .output("output", Object.class, "the value, typed as its class")
            .inputs("trigger", Object.class, "triggerWidth", "one token taken from each per firing, its value ignored")
            .required("value", "any", "a number, string or boolean").optional("firingCountLimit", "integer", 0, LIMIT)
            .optional("triggerWidth", "integer", 0, "how many trigger ports");
    static final ActorTypeInfo SEQUENCE = ActorTypeInfo.of("sequence", "Puts its values in order, then finishes or starts again.")
            .output("output", Object.class, "the values, typed as the class they share")
            .inputs("enable", Object.class, "enableWidth", "with enableWidth 1: a boolean per firing, true to put the next value")
            .required("values", "array", "the values").optional("repeat", "boolean", false, "start again after the last")
            .optional("firingCountLimit", "integer", 0, LIMIT).optional("enableWidth", "integer", 0, "1 for an enable input, else 0");
    static final ActorTypeInfo SCALE = ActorTypeInfo.of("scale", "Multiplies each number by a factor.")
            .input("input", Object.class, "the numbers (any other token fails the firing)")
            .output("output", Number.class, "the products").optional("factor", "number", 1, "the factor");
    static final ActorTypeInfo ADD_SUBTRACT = ActorTypeInfo.of("add-subtract",
                    "Adds one token from each plus port and subtracts one from each minus port; strings on plus are concatenated.")
            .inputs("plus", Object.class, "plusWidth", "what is added").inputs("minus", Object.class, "minusWidth", "what is subtracted")
            .output("output", Object.class, "the sums").optional("plusWidth", "integer", 1, "how many plus ports")
            .optional("minusWidth", "integer", 0, "how many minus ports");
    static final ActorTypeInfo MULTIPLY_DIVIDE = ActorTypeInfo.of("multiply-divide",
                    "Multiplies one token from each multiply port and divides by one from each divide port.")
            .inputs("multiply", Object.class, "multiplyWidth", "the factors").inputs("divide", Object.class, "divideWidth", "the divisors")
            .output("output", Number.class, "the results").optional("multiplyWidth", "integer", 1, "how many multiply ports")
            .optional("divideWidth", "integer", 0, "how many divide ports");
    static final ActorTypeInfo SAMPLE_DELAY = ActorTypeInfo.of("sample-delay",
                    "Puts its initial outputs first, then every token it takes: what starts a feedback loop.")
            .input("input", Object.class, "the tokens").output("output", Object.class, "the initial outputs, then the tokens")
            .optional("initialOutputs", "array", java.util.List.of(0), "the tokens put first");
    static final ActorTypeInfo BOOLEAN_SWITCH = ActorTypeInfo.of("boolean-switch",
                    "Sends each input token to trueOutput or falseOutput, as its control token says.")
            .input("input", Object.class, "the tokens").input("control", Object.class, "where each goes (booleans)")
            .output("trueOutput", Object.class, "the tokens whose control was true")
            .output("falseOutput", Object.class, "the tokens whose control was false");
    static final ActorTypeInfo BOOLEAN_SELECT = ActorTypeInfo.of("boolean-select",
                    "Takes a control token, then a token from trueInput or falseInput as it says, and puts it.")
            .input("trueInput", Object.class, "taken when control is true").input("falseInput", Object.class, "taken when control is false")
            .input("control", Object.class, "which input to take from (booleans)").output("output", Object.class, "the tokens taken");
    static final ActorTypeInfo TEST = ActorTypeInfo.of("test",
                    "Fails the run when a token differs from the expected one, or when fewer arrive than expected.")
            .input("input", Object.class, "the tokens to check; with inputWidth 2 or more, the ports input_0, input_1, ... instead")
            .required("correctValues", "array", "the expected tokens, in order (each an array of one value per port, with"
                    + " inputWidth 2 or more)")
            .optional("tolerance", "number", Test.DEFAULT_TOLERANCE, "how far numbers may differ")
            .optional("inputWidth", "integer", 1, "the number of input ports");
    static final ActorTypeInfo DISPLAY = ActorTypeInfo.of("display", "Writes each token's text as a line of a file in the work directory.")
            .input("input", Object.class, "the tokens").optional("file", "path", Display.DEFAULT_FILE, "the file, in the work directory");
    static final ActorTypeInfo LINE_READER = ActorTypeInfo.of("line-reader", "Puts the lines of a text file (UTF-8), one per firing.")
            .output("output", String.class, "the lines, without their terminators")
            .required("file", "path", "the file, relative to the workflow's directory")
            .optional("numberOfLinesToSkip", "integer", 0, "lines skipped at the start").optional("firingCountLimit", "integer", 0, LIMIT);
    static final ActorTypeInfo LINE_WRITER = ActorTypeInfo.of("line-writer", "Writes each token's text as a line of a file.")
            .input("input", Object.class, "the tokens").required("file", "path", "the file, in the work directory")
            .optional("append", "boolean", false, "add to the file rather than replace it");
    static final ActorTypeInfo CSV_READER = ActorTypeInfo.of("csv-reader",
                    "Puts each row of a CSV file as a list of its fields (numbers and booleans converted).")
            .output("output", Object.class, "the rows, as lists in column order")
            .required("file", "path", "the file, relative to the workflow's directory")
            .optional("separator", "string", CsvReader.DEFAULT_SEPARATOR, "the field separator")
            .optional("header", "boolean", true, "whether the first line names the columns")
            .optional("firingCountLimit", "integer", 0, LIMIT);
    static final ActorTypeInfo CSV_WRITER = ActorTypeInfo.of("csv-writer", "Writes each list token as a CSV row, any other as a one-field row.")
            .input("input", Object.class, "the rows").required("file", "path", "the file, in the work directory")
            .optional("separator", "string", CsvWriter.DEFAULT_SEPARATOR, "the field separator")
            .optional("columns", "array", null, "column names, written as a header line first");
    static final ActorTypeInfo EXPRESSION = ActorTypeInfo.of("expression",
                    "Evaluates an expression of its inputs (one input port per name in inputs) in each firing and puts the value.")
            .output("output", Object.class, "the values")
            .required("expression", "string", "the expression (docs/expressions.md)")
            .optional("inputs", "array", java.util.List.of(), "the names of its input ports, each an Object port");
    static final ActorTypeInfo ABSOLUTE_VALUE = ActorTypeInfo.of("absolute-value", "Puts the absolute value of each number.")
            .input("input", Object.class, "the numbers (any other token fails the firing)")
            .output("output", Number.class, "their absolute values, of the same kind");
    static final ActorTypeInfo DOWN_SAMPLE = ActorTypeInfo.of("down-sample",
                    "Takes factor tokens per firing and puts one of them (SDF rates: input factor, output 1).")
            .input("input", Object.class, "the tokens, factor per firing").output("output", Object.class, "one token per firing")
            .optional("factor", "integer", 2, "tokens taken per firing, at least 1")
            .optional("phase", "integer", 0, "which is kept, counted back from the last taken (0) to the first (factor - 1)");
    static final ActorTypeInfo UP_SAMPLE = ActorTypeInfo.of("up-sample",
                    "Puts each token among factor - 1 zeros of its kind (SDF rates: input 1, output factor).")
            .input("input", Object.class, "the tokens").output("output", Object.class, "factor tokens per firing")
            .optional("factor", "integer", 2, "tokens put per firing, at least 1")
            .optional("phase", "integer", 0, "the position of the input token among them, 0 to factor - 1");
    static final ActorTypeInfo REPEAT = ActorTypeInfo.of("repeat",
                    "Puts each block of blockSize tokens numberOfTimes times (SDF rates: blockSize in, numberOfTimes * blockSize out).")
            .input("input", Object.class, "the tokens, blockSize per firing").output("output", Object.class, "the repeated blocks")
            .optional("numberOfTimes", "integer", 2, "how often each block is put, at least 1")
            .optional("blockSize", "integer", 1, "tokens per block, at least 1");
    static final ActorTypeInfo SEQUENCE_TO_ARRAY = ActorTypeInfo.of("sequence-to-array",
                    "Puts every arrayLength tokens as one array (SDF rates: input arrayLength, output 1).")
            .input("input", Object.class, "the tokens, arrayLength per firing").output("output", java.util.List.class, "the arrays")
            .optional("arrayLength", "integer", 1, "tokens per array, at least 1");
    static final ActorTypeInfo ARRAY_TO_SEQUENCE = ActorTypeInfo.of("array-to-sequence",
                    "Puts the elements of each array in order (SDF rates: input 1, output arrayLength).")
            .input("input", Object.class, "the arrays").output("output", Object.class, "their elements")
            .optional("arrayLength", "integer", 1, "elements per array, at least 1")
            .optional("enforceArrayLength", "boolean", true, "fail on an array of another length (false: not SDF)");
    static final ActorTypeInfo ACCUMULATOR = ActorTypeInfo.of("accumulator",
                    "Puts the running sum of one token from each input per firing; a true reset starts it again from init.")
            .inputs("input", Object.class, "inputWidth", "the numbers to add").inputs("reset", Object.class, "resetWidth",
                    "booleans: when true, the sum restarts from init before this firing's inputs")
            .output("output", Number.class, "the sums").optional("init", "number", 0, "the sum to start from")
            .optional("inputWidth", "integer", 1, "how many input ports, at least 1")
            .optional("resetWidth", "integer", 0, "1 for a reset port, 0 for none");
    static final ActorTypeInfo PULSE = ActorTypeInfo.of("pulse", "Puts values[k] at firing indexes[k] and zeros in between.")
            .output("output", Object.class, "the values and zeros")
            .optional("indexes", "array", java.util.List.of(0, 1), "the firings that put values, increasing from 0")
            .optional("values", "array", java.util.List.of(1, 0), "the values, one per index")
            .optional("repeat", "boolean", false, "start the pattern again after the last index")
            .optional("firingCountLimit", "integer", 0, LIMIT);
    static final ActorTypeInfo COMMUTATOR = ActorTypeInfo.of("commutator",
                    "Takes blockSize tokens from each input in turn and puts them in that order (SDF rates: blockSize in, width"
                            + " times blockSize out).")
            .inputs("input", Object.class, "inputWidth", "the streams to interleave").output("output", Object.class, "the interleaved tokens")
            .optional("inputWidth", "integer", 1, "how many input ports, at least 1")
            .optional("blockSize", "integer", 1, "tokens taken from each input in turn, at least 1");
    static final ActorTypeInfo TOKEN_TO_EXPRESSION = ActorTypeInfo.of("token-to-expression",
                    "Puts each token as the text of the expression that gives it (1L as \"1L\", a string in quotes).")
            .input("input", Object.class, "the tokens").output("output", String.class, "their expressions");
    private static final ActorTypeInfo DEALER = ActorTypeInfo.of("distributor",
                    "Deals blockSize tokens to each output in turn (SDF rates: width times blockSize in, blockSize out).")
            .input("input", Object.class, "the tokens to deal out")
            .optional("outputWidth", "integer", 1, "how many output ports, at least 1")
            .optional("blockSize", "integer", 1, "tokens put on each output in turn, at least 1");
    static final ActorTypeInfo DISTRIBUTOR = outputs(DEALER, "output", Object.class, "outputWidth", "the outputs, in turn");

    /** {@code info} with a multiport output, which {@link ActorTypeInfo} has no builder method for. */
    private static ActorTypeInfo outputs(ActorTypeInfo info, String name, Class<?> type, String widthParameter, String description) {
        java.util.List<ActorTypeInfo.PortInfo> ports = new java.util.ArrayList<>(info.ports());
        ports.add(new ActorTypeInfo.PortInfo(name, false, type.getName(), widthParameter, description));
        return new ActorTypeInfo(info.type(), info.description(), ports, info.parameters());
    }
    static final ActorTypeInfo SLEEP = ActorTypeInfo.of("sleep", "Passes each token on after a pause.")
            .input("input", Object.class, "the tokens").output("output", Object.class, "the same tokens")
            .optional("sleepTime", "integer", 0, "the pause before each token is put, in milliseconds");
    static final ActorTypeInfo EQUALS = ActorTypeInfo.of("equals", "Puts whether the tokens of each firing, one per input, are all equal.")
            .inputs("input", Object.class, "inputWidth", "the tokens compared (numbers by value: 1, 1L and 1.0 are equal)")
            .output("output", Boolean.class, "whether they were equal").optional("inputWidth", "integer", 1, "how many input ports");
    static final ActorTypeInfo COMPARATOR = ActorTypeInfo.of("comparator", "Puts whether left compares to right as the comparison says.")
            .input("left", Object.class, "the left numbers").input("right", Object.class, "the right numbers")
            .output("output", Boolean.class, "whether the comparison holds")
            .optional("comparison", "string", ">", "one of >, >=, <, <=, ==")
            .optional("tolerance", "number", 0.0, "how lenient the comparison is");
    static final ActorTypeInfo LOGICAL_NOT = ActorTypeInfo.of("logical-not", "Negates each boolean.")
            .input("input", Object.class, "the booleans").output("output", Boolean.class, "their negations");
    static final ActorTypeInfo LOGIC_FUNCTION = ActorTypeInfo.of("logic-function",
                    "Puts a logic function (and, or, xor, nand, nor, xnor) of one boolean from each input.")
            .inputs("input", Object.class, "inputWidth", "the booleans").output("output", Boolean.class, "the function's value")
            .optional("function", "string", "and", "and, or, xor, nand, nor or xnor").optional("inputWidth", "integer", 1, "how many inputs");
    static final ActorTypeInfo SWITCH = outputs(ActorTypeInfo.of("switch", "Sends each input token to the output its control number names.")
            .input("input", Object.class, "the tokens").input("control", Object.class, "the output's index (an integer)")
            .optional("outputWidth", "integer", 1, "how many outputs"),
            "output", Object.class, "outputWidth", "the routed tokens; a token whose control names none is dropped");
    static final ActorTypeInfo SELECT = ActorTypeInfo.of("select", "Takes each token from the input its control number names.")
            .inputs("input", Object.class, "inputWidth", "the tokens").input("control", Object.class, "the input's index (an integer)")
            .output("output", Object.class, "the tokens taken").optional("inputWidth", "integer", 1, "how many inputs");
    static final ActorTypeInfo ORDERED_MERGE = ActorTypeInfo.of("ordered-merge",
                    "Merges two nondecreasing streams of numbers into one nondecreasing stream.")
            .input("inputA", Object.class, "the first stream").input("inputB", Object.class, "the second stream")
            .output("output", Number.class, "the merged stream").output("selectedA", Boolean.class, "whether each came from inputA")
            .optional("eliminateDuplicates", "boolean", false, "put a token equal to the last one put only once");
}
