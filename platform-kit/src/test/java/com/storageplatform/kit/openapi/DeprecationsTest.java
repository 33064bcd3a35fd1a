package com.storageplatform.kit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

class DeprecationsTest {

    record Inner(@ApiDeprecation(since = "2026-12-01", sunset = "2028-01-31", link = "/docs#b") String old) {
    }

    record Outer(UUID id, @ApiDeprecation(since = "2027-02-01", sunset = "2027-12-01") String legacy,
            List<Inner> inners) {
    }

    record Clean(UUID id, String name) {
    }

    static Mono<Outer> answersOuter() {
        return Mono.empty();
    }

    static Mono<Clean> answersClean() {
        return Mono.empty();
    }

    @ApiDeprecation(since = "2026-06-15", sunset = "2026-12-15", link = "/docs#op")
    static Mono<Clean> deprecatedOperation() {
        return Mono.empty();
    }

    @Test
    void theHeadersAreRfc9745AndRfc8594() {
        assertThat(Deprecations.deprecationValue(LocalDate.of(2026, 12, 1))).isEqualTo("@1796083200");
        assertThat(Deprecations.sunsetValue(LocalDate.of(2027, 12, 1))).isEqualTo("Wed, 01 Dec 2027 00:00:00 GMT");
    }

    @Test
    void fieldsAreFoundThroughWrappersListsAndNestedRecordsAndTheEarliestDatesWin() throws Exception {
        Deprecations.Found found = Deprecations.of(DeprecationsTest.class.getDeclaredMethod("answersOuter"));
        assertThat(found.operation()).isEmpty();
        assertThat(found.fields()).hasSize(2);
        Deprecations.Headers headers = found.headersFor(200).orElseThrow();
        assertThat(headers.deprecation()).isEqualTo(Deprecations.deprecationValue(LocalDate.of(2026, 12, 1)));
        assertThat(headers.sunset()).isEqualTo(Deprecations.sunsetValue(LocalDate.of(2027, 12, 1)));
        assertThat(headers.links()).containsExactly("</docs>; rel=\"deprecation\"", "</docs#b>; rel=\"deprecation\"");
    }

    @Test
    void aDeprecatedFieldMarksOnlySuccessfulAnswers() throws Exception {
        Deprecations.Found found = Deprecations.of(DeprecationsTest.class.getDeclaredMethod("answersOuter"));
        assertThat(found.headersFor(201)).isPresent();
        assertThat(found.headersFor(404)).isEmpty();
        assertThat(found.headersFor(422)).isEmpty();
    }

    @Test
    void aDeprecatedOperationMarksEveryAnswer() throws Exception {
        Deprecations.Found found = Deprecations.of(DeprecationsTest.class.getDeclaredMethod("deprecatedOperation"));
        assertThat(found.headersFor(404).orElseThrow().links()).containsExactly("</docs#op>; rel=\"deprecation\"");
        assertThat(found.headersFor(200).orElseThrow().sunset()).isEqualTo("Tue, 15 Dec 2026 00:00:00 GMT");
    }

    @Test
    void nothingDeprecatedSendsNothing() throws Exception {
        Deprecations.Found found = Deprecations.of(DeprecationsTest.class.getDeclaredMethod("answersClean"));
        assertThat(found.isEmpty()).isTrue();
        assertThat(found.headersFor(200)).isEmpty();
    }
}
