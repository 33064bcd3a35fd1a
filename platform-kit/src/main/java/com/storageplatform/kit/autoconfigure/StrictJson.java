package com.storageplatform.kit.autoconfigure;

import com.storageplatform.kit.web.NulFreeStrings;
import com.storageplatform.kit.web.Patch;
import com.storageplatform.kit.web.PatchDeserializer;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.core.Ordered;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * The API's JSON rules ({@link Patch} fields for PATCH bodies included): snake_case names, an unknown field is an error (never silently dropped), no type
 * coercion ({@code "5"} is not a number, {@code 5} is not a string), duplicate keys refused, no string holding
 * NUL ({@link NulFreeStrings}), dates as RFC 3339 strings. Applied after Spring Boot's own customizers so nothing
 * relaxes it.
 */
public final class StrictJson implements JsonMapperBuilderCustomizer, Ordered {

    /** The API's mapper, for code outside Spring (tests, tools). */
    public static JsonMapper mapper() {
        JsonMapper.Builder builder = JsonMapper.builder();
        new StrictJson().customize(builder);
        return builder.build();
    }

    @Override
    public void customize(JsonMapper.Builder builder) {
        builder.addModule(PatchDeserializer.module())
                .addModule(NulFreeStrings.module())
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
                        DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                        DeserializationFeature.FAIL_ON_TRAILING_TOKENS,
                        DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .disable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .withCoercionConfig(LogicalType.Textual, config -> config
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .withCoercionConfig(LogicalType.Integer, config -> config
                        .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .withCoercionConfig(LogicalType.Boolean, config -> config
                        .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail));
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
