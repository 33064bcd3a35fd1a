package com.storageplatform.crm.note;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link NoteRules}: a note's subject type and body, and the 422 that names the subject types allowed. */
class NoteRulesTest {

    private static List<String> issues(Validation v) {
        return v.issues().stream().map(i -> i.field() + " " + i.issue()).toList();
    }

    @Test
    void theBodyIsTrimmedRequiredAndAtMost5000CharactersWithLineBreaks() {
        String id = Ids.newId().toString();
        Validation v = Validation.start();
        assertThat(NoteRules.check(v, new CreateNote("deal", id, "  Rang twice.\nNo answer.  ")).body())
                .isEqualTo("Rang twice.\nNo answer.");
        assertThat(NoteRules.check(v, new CreateNote("deal", id, "b".repeat(5000))).body()).hasSize(5000);
        assertThat(v.isValid()).isTrue();

        Validation blank = Validation.start();
        NoteRules.check(blank, new CreateNote("deal", id, " \n "));
        assertThat(issues(blank)).containsExactly("body required");
        Validation tooLong = Validation.start();
        NoteRules.check(tooLong, new CreateNote("deal", id, "b".repeat(5001)));
        assertThat(issues(tooLong)).containsExactly("body too_long");
    }

    @Test
    void everySubjectTypeOfTheSpecIsAllowedAndNoOther() {
        for (String type : List.of("agreement", "collections_case", "contact", "deal", "unit")) {
            Validation v = Validation.start();
            assertThat(NoteRules.check(v, new CreateNote(type, Ids.newId().toString(), "x")).subjectType())
                    .isEqualTo(type);
            assertThat(v.isValid()).as(type).isTrue();
        }
        Validation v = Validation.start();
        assertThat(NoteRules.check(v, new CreateNote("invoice", Ids.newId().toString(), "x")).subjectType()).isNull();
        assertThat(issues(v)).containsExactly("subject_type invalid");
    }

    @Test
    void everyBadFieldIsRecorded() {
        Validation v = Validation.start();
        NoteRules.check(v, new CreateNote(null, "nope", null));
        assertThat(issues(v)).containsExactly("subject_type required", "subject_id invalid", "body required");
    }

    @Test
    void theRefusalOfAnUnknownSubjectTypeNamesTheAllowedOnes() {
        Validation v = Validation.start();
        NoteRules.check(v, new CreateNote("Deal", null, "x"));

        assertThatThrownBy(() -> NoteRules.orThrow(v)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.getMessage()).contains("agreement, collections_case, contact, deal, unit");
            assertThat(e.details()).hasSize(2);
        });
        NoteRules.orThrow(Validation.start());
    }
}
