package com.storageplatform.crm.deal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.crm.deal.DealRules.Move;
import com.storageplatform.crm.deal.DealRules.Sent;
import com.storageplatform.crm.pipeline.Pipeline;
import com.storageplatform.crm.pipeline.Pipeline.Stage;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The pure rules of a deal's move: status and stage after a change, without any infrastructure. */
class DealRulesTest {

    static final Stage ENQUIRY = new Stage(Ids.newId(), "Enquiry", Pipeline.OPEN, 1);
    static final Stage RESERVED = new Stage(Ids.newId(), "Reserved", Pipeline.RESERVED, 2);
    static final Stage WON = new Stage(Ids.newId(), "Won", Pipeline.WON, 3);
    static final Stage LOST = new Stage(Ids.newId(), "Lost", Pipeline.LOST, 4);
    static final Pipeline PIPELINE = new Pipeline(Ids.newId(), Pipeline.OBJECT, "Sales", true,
            List.of(ENQUIRY, RESERVED, WON, LOST), Instant.now(), Instant.now());

    static Deal deal(String status, Stage stage) {
        Instant now = Instant.now();
        return new Deal.Builder().id(Ids.newId()).contactId(Ids.newId()).siteId(Ids.newId()).status(status)
                .pipelineId(PIPELINE.id()).stageId(stage.id()).lastActivityAt(now).createdAt(now).updatedAt(now)
                .build();
    }

    static Sent sent(String status, UUID stageId) {
        return new Sent(null, null, status, null, stageId, null, null, null, null, null, null, null, null, null);
    }

    @Test
    void winningAndLosingMoveToTheirStages() {
        assertThat(DealRules.judge(deal("open", ENQUIRY), sent("won", null), PIPELINE, false, false))
                .isEqualTo(new Move("won", WON));
        assertThat(DealRules.judge(deal("open", RESERVED), sent("lost", null), PIPELINE, false, false))
                .isEqualTo(new Move("lost", LOST));
        assertThat(DealRules.judge(deal("lost", LOST), sent("open", null), PIPELINE, false, false))
                .isEqualTo(new Move("open", ENQUIRY));
    }

    @Test
    void staffWinOnlyWithAnAgreement() {
        assertThatThrownBy(() -> DealRules.judge(deal("open", ENQUIRY), sent("won", null), PIPELINE, true, false))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.details())
                        .containsExactly(new FieldIssue("agreement_id", FieldIssue.REQUIRED)));
        assertThat(DealRules.judge(deal("open", ENQUIRY), sent("won", null), PIPELINE, true, true).status())
                .isEqualTo("won");
    }

    @Test
    void aWonDealIsFinal() {
        for (String status : List.of("open", "lost")) {
            assertThatThrownBy(() -> DealRules.judge(deal("won", WON), sent(status, null), PIPELINE, false, false))
                    .isInstanceOfSatisfying(ApiException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFLICT));
        }
        assertThatThrownBy(() -> DealRules.judge(deal("won", WON), sent(null, ENQUIRY.id()), PIPELINE, false, false))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFLICT));
    }

    @Test
    void stagesThatDoNotFitTheStatusAre422() {
        assertThatThrownBy(() -> DealRules.judge(deal("open", ENQUIRY), sent("open", WON.id()), PIPELINE, false,
                false)).isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.details())
                        .containsExactly(new FieldIssue("stage_id", FieldIssue.NOT_ALLOWED)));
        assertThatThrownBy(() -> DealRules.judge(deal("lost", LOST), sent(null, RESERVED.id()), PIPELINE, false,
                false)).isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.details())
                        .containsExactly(new FieldIssue("stage_id", FieldIssue.INVALID_TRANSITION)));
        assertThatThrownBy(() -> DealRules.judge(deal("lost", LOST), sent("won", null), PIPELINE, false, false))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.details())
                        .containsExactly(new FieldIssue("status", FieldIssue.INVALID_TRANSITION)));
    }

    @Test
    void theNoteIsTrimmedAndCountedInCharacters() {
        Validation v = Validation.start();
        assertThat(DealRules.note(v, "  hello \n")).isEqualTo("hello");
        assertThat(DealRules.note(v, "   ")).isNull();
        assertThat(DealRules.note(v, "😀".repeat(2000))).hasSize(4000);
        assertThat(v.isValid()).isTrue();
        DealRules.note(v, "x".repeat(2001));
        assertThat(v.issues()).containsExactly(new FieldIssue("note", FieldIssue.TOO_LONG));
    }

    @Test
    void nullOnAFieldADealAlwaysHasLeavesIt() {
        Validation v = Validation.start();
        Sent sent = DealRules.check(v, new DealChanges(Patch.ofNull(), Patch.ofNull(), Patch.ofNull(),
                Patch.ofNull(), Patch.ofNull(), Patch.ofNull(), Patch.ofNull(), Patch.ofNull(), Patch.ofNull(),
                Patch.ofNull(), Patch.ofNull(), Patch.ofNull(), Patch.ofNull(), Patch.ofNull()));
        assertThat(v.isValid()).isTrue();
        assertThat(sent.contactId()).isNull();
        assertThat(sent.status()).isNull();
        assertThat(sent.note().isNull()).isTrue();
        assertThat(DealRules.judge(deal("open", RESERVED), sent, PIPELINE, true, false))
                .isEqualTo(new Move("open", RESERVED));
    }
}
