package com.storageplatform.kit.autoconfigure;

import org.springframework.boot.http.codec.CodecCustomizer;
import org.springframework.core.Ordered;
import org.springframework.http.MediaType;
import org.springframework.http.codec.CodecConfigurer;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.http.codec.json.JacksonJsonDecoder;
import tools.jackson.databind.json.JsonMapper;

/**
 * A request body is read as JSON only when it is sent as {@code application/json} (with or without a charset):
 * Jackson's decoder would also take {@code application/*+json}, which the API answers with 415
 * {@code unsupported_media_type} like any other type. Only the server's codecs: a WebClient still reads whatever
 * JSON type a remote answers with. Runs after Spring Boot's Jackson customizer, whose mapper it keeps.
 */
final class JsonRequestBodies implements CodecCustomizer, Ordered {

    private final JsonMapper mapper;

    JsonRequestBodies(JsonMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public void customize(CodecConfigurer configurer) {
        if (configurer instanceof ServerCodecConfigurer) {
            configurer.defaultCodecs().jacksonJsonDecoder(new JacksonJsonDecoder(mapper, MediaType.APPLICATION_JSON));
        }
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
