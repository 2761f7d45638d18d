package io.sluice.provenance;

import com.networknt.schema.AbsoluteIri;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The W3C PROV-JSON schema checked in at {@code src/test/resources/w3c/prov-json-schema.json}
 * (JSON Schema draft 04; see the README beside it), loaded once and used offline.
 *
 * <p>The schema's {@code id} is mapped to the class-path copy, the draft-04 meta-schema comes from
 * the validator's jar, remote fetching is off (no loader that opens a URL is installed) and any
 * other address is refused, so validating never touches the network. Format assertions
 * ({@code uri}, {@code date-time}) are on. Thread-safe: the schema is immutable once loaded.
 */
final class ProvJsonSchema {
    /** The schema's {@code id}, without its empty fragment. */
    static final String ID = "http://provenance.ecs.soton.ac.uk/prov-json/schema";
    private static final String RESOURCE = "classpath:w3c/prov-json-schema.json";
    private static final String DRAFT_04 = "http://json-schema.org/draft-04/schema";
    /** The only addresses the loader may be asked for: the schema and its meta-schema. */
    private static final Set<String> ALLOWED = Set.of(ID, DRAFT_04);

    private static final Schema SCHEMA = load();

    private ProvJsonSchema() {
    }

    private static Schema load() {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4, builder -> builder
                .schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build())
                .schemaLoader(loader -> loader
                        .fetchRemoteResources(false)
                        .allow(ProvJsonSchema::allowed)
                        .schemaIdResolvers(ids -> ids.mapPrefix(ID, RESOURCE))));
        Schema schema = registry.getSchema(SchemaLocation.of(ID + "#"));
        schema.initializeValidators(); // resolves every $ref now, so a broken schema fails here
        return schema;
    }

    private static boolean allowed(AbsoluteIri iri) {
        String s = iri.toString();
        int hash = s.indexOf('#');
        return ALLOWED.contains(hash < 0 ? s : s.substring(0, hash));
    }

    /** The schema's messages about {@code document}, each "location: message"; empty if it is valid. */
    static List<String> validate(JsonNode document) {
        return SCHEMA.validate(document).stream().map(Error::toString).toList();
    }
}
