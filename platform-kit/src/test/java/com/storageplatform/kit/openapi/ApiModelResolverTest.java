package com.storageplatform.kit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.web.Patch;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverterContextImpl;
import io.swagger.v3.oas.models.media.Schema;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class ApiModelResolverTest {

    record Thing(String name, String colour) {
    }

    record ThingChanges(Patch<String> name, Patch<String> colour) {
    }

    /**
     * A parcel.
     *
     * @param note  what the sender wrote; null when nothing
     * @param size  {@code small} or {@code large}; null when not measured
     * @param label where it goes; null before it is printed
     * @param name  always there
     */
    record Parcel(@Nullable String note, @OneOf("SIZES") @Nullable String size, @Nullable Thing label, String name) {
        static final List<String> SIZES = List.of("small", "large");
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void aNullableComponentMayBeNullInTheDescriptionAndNoOtherFieldOfItsNameChanges() {
        ModelConverterContextImpl context = new ModelConverterContextImpl(new ApiModelResolver());
        context.resolve(new AnnotatedType(Parcel.class));
        context.resolve(new AnnotatedType(Thing.class));
        Map<String, Schema> parcel = context.getDefinedModels().get("Parcel").getProperties();

        assertThat(parcel.get("note").getTypes()).containsExactlyInAnyOrder("string", "null");
        assertThat(parcel.get("note").getDescription()).isEqualTo("What the sender wrote; null when nothing.");
        assertThat(parcel.get("size").getEnum()).isEqualTo(Arrays.asList("small", "large", null));
        Schema label = parcel.get("label");
        assertThat(label.getAnyOf()).hasSize(2);
        assertThat(((Schema) label.getAnyOf().get(0)).get$ref()).isEqualTo("#/components/schemas/Thing");
        assertThat(((Schema) label.getAnyOf().get(1)).getTypes()).containsExactly("null");
        assertThat(label.getDescription()).isEqualTo("Where it goes; null before it is printed.");
        assertThat(((Schema) label.getAnyOf().get(0)).getDescription()).isNull();
        assertThat(parcel.get("name").getTypes()).containsExactly("string");
        assertThat(((Schema) context.getDefinedModels().get("Thing").getProperties().get("name")).getTypes())
                .containsExactly("string");
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void aPatchFieldIsNullableWithoutMakingTheResourcesFieldOfTheSameNameNullable() {
        // One context for the whole document, as springdoc resolves every body and response in it.
        ModelConverterContextImpl context = new ModelConverterContextImpl(new ApiModelResolver());
        context.resolve(new AnnotatedType(ThingChanges.class));
        context.resolve(new AnnotatedType(Thing.class));
        Map<String, Schema> models = context.getDefinedModels();

        Schema changedName = (Schema) models.get("ThingChanges").getProperties().get("name");
        Schema name = (Schema) models.get("Thing").getProperties().get("name");
        assertThat(changedName.getTypes()).containsExactlyInAnyOrder("string", "null");
        assertThat(name.getTypes()).containsExactly("string");
    }
}
