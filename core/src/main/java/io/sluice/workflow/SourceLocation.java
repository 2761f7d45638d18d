package io.sluice.workflow;

/**
 * Where an element of a workflow definition was written: a file (or other source) and a line.
 *
 * @param source the file or source name, as the user gave it
 * @param line the 1-based line
 */
public record SourceLocation(String source, int line) {
    @Override
    public String toString() {
        return source + ":" + line;
    }
}
