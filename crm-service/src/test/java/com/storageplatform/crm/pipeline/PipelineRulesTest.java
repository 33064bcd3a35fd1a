package com.storageplatform.crm.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.crm.pipeline.Pipeline.Stage;
import com.storageplatform.crm.pipeline.PipelineBody.StageBody;
import com.storageplatform.crm.pipeline.PipelineRules.StageDraft;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PipelineRulesTest {

    static final UUID OPEN = UUID.randomUUID();
    static final UUID WON = UUID.randomUUID();
    static final UUID LOST = UUID.randomUUID();
    static final Pipeline PIPELINE = new Pipeline(UUID.randomUUID(), Pipeline.OBJECT, "P", false,
            List.of(new Stage(OPEN, "Open", "open", 1), new Stage(WON, "Won", "won", 2),
                    new Stage(LOST, "Lost", "lost", 3)), Instant.EPOCH, Instant.EPOCH);

    static List<String> issues(Validation v) {
        return v.issues().stream().map(i -> i.field() + " " + i.issue()).toList();
    }

    @Test
    void moreThanTwentyStagesIsAboveTheMaximum() {
        Validation v = Validation.start();
        PipelineRules.stages(v, Collections.nCopies(21, new StageBody(null, "x", "open")), false);

        assertThat(issues(v)).contains("stages above_maximum");
    }

    @Test
    void aStageNameIsTrimmedAndComparedWithoutCase() {
        Validation v = Validation.start();
        List<StageDraft> drafts = PipelineRules.stages(v, List.of(new StageBody(null, "  New ", "open"),
                new StageBody(null, "W", "won"), new StageBody(null, "L", "lost")), false);

        assertThat(v.isValid()).isTrue();
        assertThat(drafts.get(0).name()).isEqualTo("New");
    }

    @Test
    void aSecondReservedStageIsADuplicate() {
        Validation v = Validation.start();
        PipelineRules.stages(v, List.of(new StageBody(null, "A", "open"), new StageBody(null, "R1", "reserved"),
                new StageBody(null, "R2", "reserved"), new StageBody(null, "W", "won"),
                new StageBody(null, "L", "lost")), false);

        assertThat(issues(v)).containsExactly("stages[2].kind duplicate");
    }

    @Test
    void anEmptyStageBodyIsRequired() {
        Validation v = Validation.start();
        PipelineRules.stages(v, java.util.Arrays.asList(new StageBody(null, "A", "open"), null,
                new StageBody(null, "W", "won"), new StageBody(null, "L", "lost")), false);

        assertThat(issues(v)).containsExactly("stages[1] required");
    }

    @Test
    void anOccupiedOpenStageMayBecomeReservedButNotWon() {
        Map<UUID, Long> occupied = Map.of(OPEN, 2L);
        List<StageDraft> reserved = List.of(new StageDraft(OPEN, "Open", "reserved"),
                new StageDraft(WON, "Won", "won"), new StageDraft(LOST, "Lost", "lost"));
        PipelineRules.replaceable(Validation.start(), PIPELINE, reserved, occupied);

        List<StageDraft> won = List.of(new StageDraft(null, "New", "open"), new StageDraft(OPEN, "Open", "won"),
                new StageDraft(LOST, "Lost", "lost"));
        assertThatThrownBy(() -> PipelineRules.replaceable(Validation.start(), PIPELINE, won, occupied))
                .isInstanceOf(ApiException.class).hasMessageContaining("from open to won");
    }

    @Test
    void anEmptyStageMayBeRemoved() {
        PipelineRules.replaceable(Validation.start(), PIPELINE, List.of(new StageDraft(null, "New", "open"),
                new StageDraft(WON, "Won", "won"), new StageDraft(LOST, "Lost", "lost")), Map.of(WON, 1L));
    }
}
