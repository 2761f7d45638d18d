package io.sluice.moml.internal;

import io.sluice.workflow.SourceLocation;
import io.sluice.workflow.WorkflowDefinitionException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads a MoML document into {@link XmlElement}s with the JDK's StAX parser. The document type
 * declaration every MoML file carries is not fetched or processed (no network, no external
 * entities); text content is not kept, since MoML holds its data in attributes.
 */
public final class XmlTree {
    private XmlTree() {}

    /**
     * The document's root element.
     *
     * @param source how messages name the document, e.g. its file
     * @throws WorkflowDefinitionException naming the source and line if it is not well-formed XML
     */
    public static XmlElement parse(InputStream in, String source) {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        XMLStreamReader reader = null;
        try {
            reader = factory.createXMLStreamReader(in);
            Deque<Open> open = new ArrayDeque<>();
            XmlElement root = null;
            while (reader.hasNext()) {
                int event = reader.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    Map<String, String> attributes = new LinkedHashMap<>();
                    for (int i = 0; i < reader.getAttributeCount(); i++) {
                        attributes.put(reader.getAttributeLocalName(i), reader.getAttributeValue(i));
                    }
                    open.push(new Open(reader.getLocalName(), attributes, reader.getLocation().getLineNumber()));
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    Open done = open.pop();
                    XmlElement element = new XmlElement(done.tag, done.attributes, done.children, done.line);
                    if (open.isEmpty()) {
                        root = element;
                    } else {
                        open.peek().children.add(element);
                    }
                }
            }
            if (root == null) {
                throw new WorkflowDefinitionException("not a MoML document: it has no root element", new SourceLocation(source, 1), null);
            }
            return root;
        } catch (XMLStreamException e) {
            int line = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getLineNumber());
            throw new WorkflowDefinitionException("malformed XML: " + firstLine(e.getMessage()), new SourceLocation(source, line), e);
        } finally {
            if (reader != null) {
                try {
                    reader.close();
                } catch (XMLStreamException e) {
                    // Nothing held beyond the stream, which the caller closes.
                }
            }
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        // The JDK's message starts with "ParseError at [row,col]:[r,c]\nMessage: ..."; keep the message.
        int at = message.indexOf("Message: ");
        return at >= 0 ? message.substring(at + "Message: ".length()).strip() : message.strip();
    }

    /** An element whose end tag has not been read yet. */
    private record Open(String tag, Map<String, String> attributes, List<XmlElement> children, int line) {
        Open(String tag, Map<String, String> attributes, int line) {
            this(tag, attributes, new ArrayList<>(), line);
        }
    }
}
