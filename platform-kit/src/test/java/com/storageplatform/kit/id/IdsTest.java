package com.storageplatform.kit.id;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.web.ApiException;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class IdsTest {

    @Test
    void newIdsAreVersion7AndIncreaseOverTime() {
        UUID first = Ids.newId();
        UUID second = Ids.newId();
        assertThat(first.version()).isEqualTo(7);
        assertThat(second).isGreaterThan(first);
    }

    @Test
    void onlyLowercaseCanonicalVersion7IdsParse() {
        UUID id = Ids.newId();
        assertThat(Ids.parse(id.toString())).contains(id);
        assertThat(Ids.parse(id.toString().toUpperCase())).isEmpty();
        assertThat(Ids.parse(UUID.randomUUID().toString())).isEmpty();
        assertThat(Ids.parse(id.toString().replace("-", ""))).isEmpty();
        assertThat(Ids.parse("")).isEmpty();
        assertThat(Ids.parse(null)).isEmpty();
    }

    @Test
    void aMalformedPathIdIsNotFound() {
        assertThatThrownBy(() -> Ids.fromPath("abc"))
                .isInstanceOf(ApiException.class)
                .satisfies(e -> assertThat(((ApiException) e).code().code()).isEqualTo("not_found"));
    }
}
