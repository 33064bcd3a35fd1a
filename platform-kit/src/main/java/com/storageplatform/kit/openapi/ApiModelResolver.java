package com.storageplatform.kit.openapi;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.storageplatform.kit.web.Patch;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.core.jackson.ModelResolver;
import io.swagger.v3.core.util.AnnotationsUtils;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * How the API's Java types read as JSON Schema: snake_case names (as the strict JSON mapper writes them), a
 * {@link Patch} field as its value that may also be {@code null} (null clears it), the {@code object} field of a
 * record with an {@code OBJECT} constant as that one value, a record component marked {@link Nullable} as a value
 * that may also be {@code null}, and a field marked {@link ApiDeprecation} as deprecated with its dates.
 */
public final class ApiModelResolver extends ModelResolver {

    public ApiModelResolver() {
        super(snakeCase());
        openapi31(true);
    }

    private static ObjectMapper snakeCase() {
        return Json31.mapper().copy().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
    }

    @Override
    public Schema resolve(AnnotatedType type, ModelConverterContext context, Iterator<ModelConverter> next) {
        JavaType javaType = _mapper.constructType(type.getType());
        if (javaType.getRawClass() == Patch.class) {
            return nullable(context.resolve(new AnnotatedType(javaType.containedType(0))
                    .ctxAnnotations(type.getCtxAnnotations())
                    .propertyName(type.getPropertyName())
                    .schemaProperty(type.isSchemaProperty())
                    .resolveAsRef(true)));
        }
        Schema resolved = super.resolve(type, context, next);
        Class<?> raw = javaType.getRawClass();
        if (resolved != null && raw.isRecord()) {
            Schema model = resolved.get$ref() == null ? resolved
                    : context.getDefinedModels().get(resolved.get$ref().substring("#/components/schemas/".length()));
            if (model != null) {
                describeRecord(raw, model);
            }
        }
        return resolved;
    }

    /**
     * A value that may also be sent as {@code null}: OpenAPI 3.1 adds the {@code null} type. The type is added to a
     * copy: swagger hands out one schema object for every property of the same name and type, so adding it in place
     * would make a response's {@code name} nullable because a PATCH body's {@code name} is.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static Schema nullable(Schema resolved) {
        if (resolved == null) {
            return null;
        }
        if (resolved.get$ref() != null) {
            return new JsonSchema().anyOf(List.of(resolved, new JsonSchema().types(Set.of("null"))));
        }
        Schema schema = AnnotationsUtils.clone(resolved, true);
        if (schema.getTypes() != null) {
            schema.addType("null");
        } else if (schema.getType() != null) {
            schema.types(new java.util.LinkedHashSet<>(List.of(schema.getType(), "null")));
        }
        return schema;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void describeRecord(Class<?> record, Schema model) {
        Map<String, Schema> properties = model.getProperties();
        if (properties == null) {
            return;
        }
        String object = objectName(record);
        Schema objectProperty = properties.get("object");
        if (object != null && objectProperty != null && objectProperty.getEnum() == null) {
            objectProperty.setEnum(List.of(object));
            objectProperty.setExample(object);
            if (objectProperty.getDescription() == null) {
                objectProperty.setDescription("The type of the resource: always `" + object + "`.");
            }
        }
        Map<String, String> javadoc = Javadocs.recordComponents(record);
        for (RecordComponent component : record.getRecordComponents()) {
            Schema property = properties.get(PropertyNamingStrategies.SnakeCaseStrategy.INSTANCE
                    .translate(component.getName()));
            String text = javadoc.get(component.getName());
            if (property != null && text != null && property.getDescription() == null) {
                property.setDescription(capitalise(text) + (text.endsWith(".") ? "" : "."));
            }
            ApiDeprecation deprecation = component.getAnnotation(ApiDeprecation.class);
            OneOf oneOf = component.getAnnotation(OneOf.class);
            if (oneOf != null && property != null) {
                Schema target = property.getItems() != null ? property.getItems() : property;
                target.setEnum(values(oneOf, record));
            }
            if (deprecation != null && property != null) {
                property.setDeprecated(true);
                String note = Deprecations.note(deprecation, "stop being sent",
                        "responses carrying it send Deprecation and Sunset headers");
                property.setDescription(property.getDescription() == null ? note
                        : property.getDescription() + " " + note);
            }
            if (property != null && component.getAnnotatedType().isAnnotationPresent(Nullable.class)) {
                property = nullableProperty(property);
                properties.put(PropertyNamingStrategies.SnakeCaseStrategy.INSTANCE.translate(component.getName()),
                        property);
            }
        }
    }

    /**
     * A property that may also be {@code null}, its description kept: a {@code $ref} becomes
     * {@code anyOf [ref, null]}, any other schema a copy with the {@code null} type added. Asked twice, it answers the
     * same (the resolver may describe one record more than once).
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema nullableProperty(Schema property) {
        if (property.getAnyOf() != null || (property.getTypes() != null && property.getTypes().contains("null"))) {
            return property;
        }
        // A $ref's own copy, so that the description sits once, on the anyOf.
        Schema nullable = nullable(property.get$ref() == null ? property : new JsonSchema().$ref(property.get$ref()));
        if (nullable.getEnum() != null && !nullable.getEnum().contains(null)) {
            List<Object> values = new java.util.ArrayList<>(nullable.getEnum());
            values.add(null); // an enum lists every value the field takes, null among them
            nullable.setEnum(values);
        }
        if (property.get$ref() != null) {
            nullable.setDescription(property.getDescription());
            nullable.setDeprecated(property.getDeprecated());
        }
        return nullable;
    }

    private static String capitalise(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /** The values a {@link OneOf} names, in their declared order (sorted when the collection has none). */
    static List<Object> values(OneOf oneOf, Class<?> record) {
        Class<?> owner = oneOf.in() == void.class ? record : oneOf.in();
        try {
            Field field = owner.getDeclaredField(oneOf.value());
            field.setAccessible(true);
            Object values = field.get(null);
            if (values instanceof List<?> list) {
                return List.copyOf(list);
            }
            if (values instanceof java.util.Collection<?> collection) {
                return collection.stream().map(Object::toString).sorted().map(value -> (Object) value).toList();
            }
            throw new IllegalStateException(owner.getName() + "." + oneOf.value() + " is not a collection");
        } catch (NoSuchFieldException | IllegalAccessException e) {
            throw new IllegalStateException("@OneOf names " + owner.getName() + "." + oneOf.value()
                    + ", which cannot be read", e);
        }
    }

    /** The value of the record's {@code OBJECT} constant, if it declares one. */
    static String objectName(Class<?> record) {
        try {
            Field field = record.getDeclaredField("OBJECT");
            if (!Modifier.isStatic(field.getModifiers()) || field.getType() != String.class) {
                return null;
            }
            field.setAccessible(true);
            return (String) field.get(null);
        } catch (NoSuchFieldException | IllegalAccessException | RuntimeException e) {
            return null;
        }
    }
}
