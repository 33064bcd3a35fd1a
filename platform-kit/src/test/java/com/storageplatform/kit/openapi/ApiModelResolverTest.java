package com.storageplatform.kit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.web.Patch;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverterContextImpl;
import io.swagger.v3.oas.models.media.Schema;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ApiModelResolverTest {

    record Thing(String name, String colour) {
    }

    record ThingChanges(Patch<String> name, Patch<String> colour) {
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
