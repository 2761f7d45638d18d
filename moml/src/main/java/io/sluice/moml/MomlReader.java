package io.sluice.moml;

import io.sluice.moml.internal.Importer;
import io.sluice.moml.internal.XmlTree;
import io.sluice.workflow.ActorRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads Ptolemy II and Kepler models (MoML XML) into Sluice workflows; see docs/moml.md.
 *
 * <p>Entities become actors through a {@link PtolemyClassRegistry} (Ptolemy class to Sluice actor
 * type) and an {@link ActorRegistry} (type to actor); composites without a director of their own
 * are flattened, their entities named by path ({@code outer-inner}); relations, relation groups
 * and links become channels, a multiport's links giving its channels' order. The director maps
 * to a Sluice director ({@link MomlWorkflow#director()}). Layout, icons, documentation and
 * Kepler's metadata are ignored; anything else Sluice does not know (a class, a director, a
 * parameter, an expression) is a {@link io.sluice.workflow.WorkflowDefinitionException} naming
 * the element, its class and the file's line, never a silently different workflow.
 *
 * <p>Stateless and thread-safe; the registries are read, not changed.
 */
public final class MomlReader {
    private MomlReader() {}

    /**
     * Reads the model in {@code file}, with the actor types and class mappings found on the class
     * path of this library. Relative file names in parameters are resolved against the file's
     * directory.
     *
     * @throws IOException if the file cannot be read
     * @throws io.sluice.workflow.WorkflowDefinitionException if the model is not one Sluice runs
     */
    public static MomlWorkflow read(Path file) throws IOException {
        ClassLoader loader = MomlReader.class.getClassLoader();
        return read(file, ActorRegistry.discover(loader), PtolemyClassRegistry.discover(loader));
    }

    /** As {@link #read(Path)}, with the given registries. */
    public static MomlWorkflow read(Path file, ActorRegistry actors, PtolemyClassRegistry classes) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString(), file.toAbsolutePath().getParent(), actors, classes);
        }
    }

    /**
     * Reads a model from a stream, which is not closed.
     *
     * @param source how messages name the document, e.g. its file
     * @param baseDirectory what relative file names in parameters are resolved against
     */
    public static MomlWorkflow read(InputStream in, String source, Path baseDirectory, ActorRegistry actors,
            PtolemyClassRegistry classes) {
        return new Importer(source, baseDirectory, actors, classes).importModel(XmlTree.parse(in, source));
    }
}
