package com.storageplatform.kit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.openapi.BreakingChanges;
import org.junit.jupiter.api.Test;

/** What the build refuses as a breaking change of /v1, and what it lets through as additive (OpenAPI 3.1). */
class BreakingChangesTest {

    private static final String BASE = document("""
            "status": {"type": "string", "enum": ["active", "archived"]},
            "name": {"type": "string"}""", """
            "name": {"type": "string"},
            "status": {"type": "string", "enum": ["active", "archived"]}""", "[\"name\"]", "");

    @Test
    void theSameDocumentIsNoChange() {
        BreakingChanges.Result result = BreakingChanges.between(BASE, BASE);
        assertThat(result.breaking()).isFalse();
        assertThat(result.changed()).isFalse();
    }

    @Test
    void aNewOptionalFieldANewResponseFieldAndANewPathAreAdditive() {
        String grown = document("""
                "status": {"type": "string", "enum": ["active", "archived"]},
                "name": {"type": "string"},
                "floor": {"type": "integer"}""", """
                "name": {"type": "string"},
                "status": {"type": "string", "enum": ["active", "archived"]},
                "created_at": {"type": "string", "format": "date-time"}""", "[\"name\"]", """
                ,"/v1/sites/{id}": {"get": {"operationId": "read", "parameters": [{"in": "path", "name": "id",
                  "required": true, "schema": {"type": "string"}}], "responses": {"200": {"description": "ok",
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Site"}}}}}}}""");
        BreakingChanges.Result result = BreakingChanges.between(BASE, grown);
        assertThat(result.changed()).isTrue();
        assertThat(result.breaking()).as(result.report()).isFalse();
    }

    @Test
    void aRemovedPathIsBreaking() {
        String shrunk = BASE.replace("\"/v1/sites\"", "\"/v1/places\"");
        assertThat(BreakingChanges.between(BASE, shrunk).breaking()).isTrue();
    }

    @Test
    void aRemovedResponseFieldIsBreaking() {
        String shrunk = document("""
                "status": {"type": "string", "enum": ["active", "archived"]},
                "name": {"type": "string"}""", """
                "name": {"type": "string"}""", "[\"name\"]", "");
        assertThat(BreakingChanges.between(BASE, shrunk).breaking()).isTrue();
    }

    @Test
    void aNewRequiredRequestFieldIsBreaking() {
        String stricter = document("""
                "status": {"type": "string", "enum": ["active", "archived"]},
                "name": {"type": "string"}""", """
                "name": {"type": "string"},
                "status": {"type": "string", "enum": ["active", "archived"]}""", "[\"name\", \"status\"]", "");
        assertThat(BreakingChanges.between(BASE, stricter).breaking()).isTrue();
    }

    @Test
    void aChangedTypeIsBreaking() {
        String retyped = document("""
                "status": {"type": "string", "enum": ["active", "archived"]},
                "name": {"type": "integer"}""", """
                "name": {"type": "integer"},
                "status": {"type": "string", "enum": ["active", "archived"]}""", "[\"name\"]", "");
        assertThat(BreakingChanges.between(BASE, retyped).breaking()).isTrue();
    }

    @Test
    void aRemovedEnumValueIsBreaking() {
        String narrower = document("""
                "status": {"type": "string", "enum": ["active"]},
                "name": {"type": "string"}""", """
                "name": {"type": "string"},
                "status": {"type": "string", "enum": ["active"]}""", "[\"name\"]", "");
        assertThat(BreakingChanges.between(BASE, narrower).breaking()).isTrue();
    }

    @Test
    void aNewEnumValueIsAdditive() {
        String wider = document("""
                "status": {"type": "string", "enum": ["active", "archived", "closed"]},
                "name": {"type": "string"}""", """
                "name": {"type": "string"},
                "status": {"type": "string", "enum": ["active", "archived", "closed"]}""", "[\"name\"]", "");
        BreakingChanges.Result result = BreakingChanges.between(BASE, wider);
        assertThat(result.breaking()).as(result.report()).isFalse();
    }

    /** A one-collection API: POST /v1/sites takes CreateSite and answers Site. */
    private static String document(String createProperties, String siteProperties, String required, String morePaths) {
        return """
                {"openapi": "3.1.0", "info": {"title": "t", "version": "v1"},
                 "paths": {"/v1/sites": {"post": {"operationId": "create",
                   "requestBody": {"required": true, "content": {"application/json": {"schema":
                     {"$ref": "#/components/schemas/CreateSite"}}}},
                   "responses": {"201": {"description": "ok", "content": {"application/json": {"schema":
                     {"$ref": "#/components/schemas/Site"}}}}}}}%s},
                 "components": {"schemas": {
                   "CreateSite": {"type": "object", "required": %s, "properties": {%s}},
                   "Site": {"type": "object", "properties": {%s}}}}}
                """.formatted(morePaths, required, createProperties, siteProperties);
    }
}
