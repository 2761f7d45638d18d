package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The BOM ({@code bom/pom.xml}) has no parent, so nothing but this test keeps it in step with the
 * build: it has the project's version and pins every other module of the reactor at it.
 */
class BomTest {
    /** The repository root: tests run in the module's directory. */
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @Test
    void pinsEveryModuleAtTheProjectVersion() throws Exception {
        Document parent = read(ROOT.resolve("pom.xml"));
        Document bom = read(ROOT.resolve("bom/pom.xml"));
        String version = text(parent.getDocumentElement(), "version");

        assertThat(text(bom.getDocumentElement(), "groupId")).isEqualTo("io.sluice");
        assertThat(text(bom.getDocumentElement(), "artifactId")).isEqualTo("sluice-bom");
        assertThat(text(bom.getDocumentElement(), "version")).as("the BOM's version").isEqualTo(version);

        List<String> modules = new ArrayList<>();
        for (Element module : children(child(parent.getDocumentElement(), "modules"), "module")) {
            Document pom = read(ROOT.resolve(module.getTextContent().trim()).resolve("pom.xml"));
            String artifactId = text(pom.getDocumentElement(), "artifactId");
            if (!artifactId.equals("sluice-bom")) {
                modules.add(artifactId);
            }
        }

        List<String> pinned = new ArrayList<>();
        Element managed = child(child(bom.getDocumentElement(), "dependencyManagement"), "dependencies");
        for (Element dependency : children(managed, "dependency")) {
            assertThat(text(dependency, "groupId")).isEqualTo("io.sluice");
            assertThat(text(dependency, "version")).as(text(dependency, "artifactId")).isEqualTo("${project.version}");
            pinned.add(text(dependency, "artifactId"));
        }
        assertThat(pinned).as("the artifacts the BOM pins").containsExactlyInAnyOrderElementsOf(modules);
    }

    private static Document read(Path file) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
    }

    /** The one direct child element of that name. */
    private static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        assertThat(found).as("<%s> in <%s>", name, parent.getTagName()).hasSize(1);
        return found.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                found.add(e);
            }
        }
        return found;
    }

    private static String text(Element parent, String name) {
        return child(parent, name).getTextContent().trim();
    }
}
