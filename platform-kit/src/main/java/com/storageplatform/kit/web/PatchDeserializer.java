package com.storageplatform.kit.web;

import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * Reads a {@link Patch} field: an explicit JSON {@code null} becomes {@link Patch#ofNull()}, a value is read by
 * the deserializer of {@code T} (so its own rules and error paths apply), and an absent field stays null.
 */
public final class PatchDeserializer extends ValueDeserializer<Patch<?>> {

    private final ValueDeserializer<Object> content;

    private PatchDeserializer(ValueDeserializer<Object> content) {
        this.content = content;
    }

    /** The Jackson module that teaches a mapper to read {@link Patch} fields. */
    public static SimpleModule module() {
        return new SimpleModule("platform-patch").addDeserializer(Patch.class, new PatchDeserializer(null));
    }

    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext context, BeanProperty property) {
        JavaType type = property != null ? property.getType() : context.getContextualType();
        JavaType valueType = type.containedTypeOrUnknown(0);
        return new PatchDeserializer(context.findContextualValueDeserializer(valueType, property));
    }

    @Override
    public Patch<?> deserialize(JsonParser parser, DeserializationContext context) {
        return Patch.of(content.deserialize(parser, context));
    }

    @Override
    public Object getNullValue(DeserializationContext context) {
        return Patch.ofNull();
    }

    @Override
    public Object getAbsentValue(DeserializationContext context) {
        return null;
    }
}
