// The host's share of an eager GPU framework's step (docs/engine.md, "Host-bound layers"): a
// fine-grained MoE on few GPUs waits for its host, CUDA graphs and XLA do not, a dense layer's
// large matmuls hide the host, and the host's work follows the operations it issues.
#include "core/input_error.h"
#include "perf/activation_policy.h"
#include "perf/evaluate.h"
#include "perf/host_launch.h"
#include "perf/step_model.h"
#include "project/placement.h"
#include "project/project_io.h"

#include <QtTest>

using namespace podplanner::model;
using namespace podplanner::model::perf;

namespace {

bool near(double a, double b, double relative = 1e-9) {
    return std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b));
}

// Qwen3-30B-A3B (128 experts of 768, top 8) on two H100 nodes, as Megatron-Bridge runs it:
// one sequence a microbatch, experts over all 16 GPUs, fp8, HybridEP's dispatch.
const char* kQwen3MoE = R"({"layers": 48, "d_model": 2048, "heads": 32, "kv_heads": 4,
    "head_dim": 128, "ffn": 768, "ffn_kind": "swiglu", "vocab": 151936, "seq_len": 4096,
    "experts": 128, "top_k": 8, "expert_ffn": 768})";
const char* kLlama8B = R"({"layers": 32, "d_model": 4096, "heads": 32, "kv_heads": 8,
    "head_dim": 128, "ffn": 14336, "ffn_kind": "swiglu", "vocab": 128256, "seq_len": 8192})";

Project h100Job(const std::string& model, const std::string& trainingExtra,
                const std::string& parallelism, int nodes) {
    return readProject(
        R"({"format": "podplanner-project", "version": 1, "name": "p",
        "cluster": {"preset": "h100-cluster"}, "jobs": [{"name": "j", "model": )" +
        model + R"(, "training": {"global_batch_tokens": 4194304, "total_tokens": 1000000000000,
        "recompute": "none")" +
        trainingExtra + R"(}, "parallelism": )" + parallelism +
        R"(, "placement": {"pod": 0, "nodes": )" + std::to_string(nodes) + "}}]}");
}

const std::string kQwen3Training =
    R"(, "framework": "megatron", "precision": "fp8", "moe_dispatcher": "deepep")";

Project qwen3(const std::string& trainingExtra = {}, int ep = 16) {
    return h100Job(kQwen3MoE, kQwen3Training + trainingExtra,
                   R"({"dp": )" + std::to_string(16 / ep) + R"(, "ep": )" + std::to_string(ep) +
                       R"(, "microbatches": 64})",
                   2);
}

StepResult stepOf(const Project& p) {
    return evaluateProject(p).jobs.at(0).step;
}

// The context points into p's job: p must outlive it.
JobContext contextOf(const Project& p) {
    const auto placements = placeJobs(p);
    return makeJobContext(p.jobs[0], p.cluster.chip, jobFabric(p.cluster, placements[0]),
                          placements[0].chips());
}

JobContext contextOf(Project&&) = delete;

MeshSizes meshOf(int ep, int tp = 1) {
    MeshSizes s;
    s.fill(1);
    s[kEp] = ep;
    s[kTp] = tp;
    s[kDp] = 16 / (ep * tp);
    return s;
}

} // namespace

class HostLaunchTest : public QObject {
    Q_OBJECT
  private slots:
    void fineGrainedMoeWaitsForItsHost() {
        const StepResult eager = stepOf(qwen3());
        QVERIFY(eager.hostWaitS > 0.1 * eager.stepS);
        QVERIFY(near(eager.stepS, eager.computeS + eager.exposedCommS + eager.hostWaitS +
                                      eager.bubbleS + eager.optimizerS + eager.evalS));
        // Host-bound, a microbatch takes what the host needs to issue its 48 layers.
        const Project p = qwen3();
        const JobContext ctx = contextOf(p);
        const ActivationPlan nothingReruns;
        const double host = 64 * 48 * hostSecondsPerLayer(ctx, meshOf(16), nothingReruns);
        // (exposedCommS also holds the gradients' reduction once a step: 8 ms of 29 s.)
        QVERIFY(near(eager.computeS + eager.exposedCommS + eager.hostWaitS, host, 1e-3));

        // Captured in CUDA graphs, the same step has no host wait and is otherwise unchanged.
        const StepResult graphs = stepOf(qwen3(R"(, "cuda_graphs": true)"));
        QCOMPARE(graphs.hostWaitS, 0.0);
        QVERIFY(near(graphs.stepS, eager.stepS - eager.hostWaitS));
        QVERIFY(graphs.mfu > eager.mfu);
    }

    void compiledAndDenseStepsDoNotWait() {
        // XLA issues whole compiled programs: MaxText on GPUs has no host term.
        QCOMPARE(stepOf(h100Job(kQwen3MoE, R"(, "framework": "maxtext")",
                                R"({"fsdp": 1, "ep": 16, "microbatches": 64})", 2))
                     .hostWaitS,
                 0.0);
        // Llama 3 8B on one node: a layer's matmuls take far longer than issuing them.
        const Project llama = h100Job(kLlama8B, R"(, "framework": "megatron")", R"({"dp": 8})", 1);
        const StepResult dense = stepOf(llama);
        QCOMPARE(dense.hostWaitS, 0.0);
        MeshSizes dp8;
        dp8.fill(1);
        dp8[kDp] = 8;
        QVERIFY(hostSecondsPerLayer(contextOf(llama), dp8, ActivationPlan{}) > 0);
        QVERIFY(dense.stepS > 0);
    }

    void hostWorkFollowsTheOperationsIssued() {
        const Project p = qwen3();
        const JobContext ctx = contextOf(p);
        const ActivationPlan none;
        ActivationPlan full;
        full.everything = true;
        // Full recomputation issues each forward operation again: 4 passes of it, not 3.
        const double once = hostSecondsPerLayer(ctx, meshOf(16), none);
        // By hand: 9 operations of attention, 34 of the MoE block, three passes of each at
        // host_op_us, and 8 local experts' 2 matmuls x 3 passes at a kernel launch each.
        const double op = ctx.chip.hostOpUs * 1e-6;
        const double launch = ctx.chip.kernelOverheadUs * 1e-6;
        QVERIFY(near(once, (9 + 34) * 3 * op + 8 * 2 * 3 * launch));
        QVERIFY(near(hostSecondsPerLayer(ctx, meshOf(16), full), once * 4.0 / 3.0));
        // Fewer ranks of experts, more experts a rank: each adds its matmuls' launches, 6 a
        // microbatch (up and down, forward and two gradients), at the chip's launch cost.
        QVERIFY(near(hostSecondsPerLayer(ctx, meshOf(4), none) - once, (32 - 8) * 6 * launch));
        // Tensor parallelism adds its collectives and, with expert tensor parallelism 1, holds
        // experts / (ep x tp) whole experts a rank: tp 2 x ep 8 holds what ep 16 holds.
        QVERIFY(near(hostSecondsPerLayer(ctx, meshOf(8, 2), none) - once, 4 * 3 * op));
        // Under full recomputation the tp collectives rerun too.
        QVERIFY(near(hostSecondsPerLayer(ctx, meshOf(8, 2), full),
                     (4.0 / 3.0) * hostSecondsPerLayer(ctx, meshOf(8, 2), none)));
        // A chip without a host constant never waits.
        JobContext noHost = ctx;
        noHost.chip.hostOpUs = 0;
        QCOMPARE(hostSecondsPerLayer(noHost, meshOf(16), none), 0.0);
    }

    void largerMicrobatchesHideTheHost() {
        // Four sequences a microbatch: the GPU work per issued operation grows fourfold, the
        // host's does not, so less of the step waits on the host.
        const StepResult small = stepOf(qwen3());
        const Project large =
            h100Job(kQwen3MoE, kQwen3Training, R"({"dp": 1, "ep": 16, "microbatches": 16})", 2);
        const StepResult big = stepOf(large);
        QVERIFY(big.hostWaitS < small.hostWaitS);
        QVERIFY(big.stepS < small.stepS);
    }

    void expertBiasesAreAddedInPython() {
        // gpt-oss's experts have biases: Megatron-Core adds the down projection's in a Python
        // loop over the rank's experts, 2 bare operations forward and 4 backward each, priced
        // at a kernel launch (a lower bound).
        std::string biased = kQwen3MoE;
        biased.replace(biased.find(R"("expert_ffn": 768)"), 17,
                       R"("expert_ffn": 768, "expert_bias": true)");
        const Project p = h100Job(biased, kQwen3Training, R"({"ep": 16, "microbatches": 64})", 2);
        QVERIFY(p.jobs[0].model.expertBias);
        const JobContext with = contextOf(p);
        const Project plain = qwen3(); // the context points into its project: keep it alive
        const JobContext without = contextOf(plain);
        const double op = with.chip.kernelOverheadUs * 1e-6;
        const ActivationPlan none;
        QVERIFY(near(hostSecondsPerLayer(with, meshOf(16), none) -
                         hostSecondsPerLayer(without, meshOf(16), none),
                     8 * (2 + 4) * op));
        // Rerunning the down projection runs the loop forward again.
        ActivationPlan full;
        full.everything = true;
        QVERIFY(near(hostSecondsPerLayer(with, meshOf(16), full) -
                         hostSecondsPerLayer(without, meshOf(16), full),
                     8 * (2 * 2 + 4) * op));
        // The key is written back, and refused on a dense model.
        QVERIFY(writeProject(p).find(R"("expert_bias": true)") != std::string::npos);
        QVERIFY(writeProject(qwen3()).find("expert_bias") == std::string::npos);
        try {
            std::string dense = kLlama8B;
            dense.replace(dense.size() - 1, 1, R"(, "expert_bias": true})");
            (void)h100Job(dense, R"(, "framework": "megatron")", R"({"dp": 8})", 1);
            QFAIL("expert_bias was taken for a dense model");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("/model/expert_bias") != std::string::npos,
                     e.what());
        }
    }

    void pipelineFillWaitsToo() {
        // Two stages of 24 layers, one sequence a microbatch: the fill and drain slot is a
        // stage's microbatch, host wait included.
        const auto piped = [](const std::string& extra) {
            return stepOf(h100Job(kQwen3MoE, kQwen3Training + extra,
                                  R"({"pp": 2, "ep": 8, "microbatches": 128})", 2));
        };
        const StepResult eager = piped("");
        const StepResult graphs = piped(R"(, "cuda_graphs": true)");
        QVERIFY(eager.hostWaitS > 0);
        QCOMPARE(graphs.hostWaitS, 0.0);
        QVERIFY(eager.bubbleS > graphs.bubbleS);
        // The slot is a full stage, without the last stage's LM head, so it waits at least
        // as long as the busiest stage's microbatch does.
        QVERIFY(eager.bubbleS - graphs.bubbleS >= eager.hostWaitS / 128 * (1 - 1e-9));
    }

    void slowestStageWithItsHostPacesTheStep() {
        // 46 layers on 4 stages: 11 on the first and the last, 12 on the two between. The LM
        // head (a 152k vocabulary) makes the last stage the GPUs' busiest, but the host issues
        // a middle stage's 12 MoE layers more slowly still, and every stage runs every
        // microbatch: the step takes that host's issue time.
        const auto withLayers = [](int layers, const std::string& extra) {
            std::string model = kQwen3MoE;
            model.replace(model.find(R"("layers": 48)"), 12,
                          R"("layers": )" + std::to_string(layers));
            return h100Job(model, kQwen3Training + extra,
                           R"({"pp": 4, "ep": 4, "microbatches": 256})", 2);
        };
        // The premise: without a host term, 46 layers step as 44 (11 a stage) do, so the last
        // stage, 11 layers and the head, is the GPUs' busiest.
        const std::string graphs = R"(, "cuda_graphs": true)";
        QVERIFY(near(stepOf(withLayers(46, graphs)).computeS,
                     stepOf(withLayers(44, graphs)).computeS, 1e-3));
        const Project p = withLayers(46, "");
        const StepResult r = stepOf(p);
        MeshSizes sizes = meshOf(4);
        sizes[kDp] = 1;
        sizes[kPp] = 4;
        const double issue = 256 * 12 * hostSecondsPerLayer(contextOf(p), sizes, ActivationPlan{});
        QVERIFY(r.hostWaitS > 0);
        // (exposedCommS also holds what is exposed once a step, a small part of it.)
        QVERIFY2(near(r.computeS + r.hostWaitS + r.exposedCommS, issue, 1e-2),
                 (std::to_string(r.computeS + r.hostWaitS + r.exposedCommS) + " s against " +
                  std::to_string(issue))
                     .c_str());
    }

    void cudaGraphsKeyIsReadAndWritten() {
        const Project p = qwen3(R"(, "cuda_graphs": true)");
        QVERIFY(p.jobs[0].training.cudaGraphs);
        const std::string text = writeProject(p);
        QVERIFY(text.find(R"("cuda_graphs": true)") != std::string::npos);
        QVERIFY(readProject(text).jobs[0].training.cudaGraphs);
        QVERIFY(writeProject(qwen3()).find("cuda_graphs") == std::string::npos);
        // XLA has no kernels to capture: refused with MaxText.
        try {
            (void)h100Job(kQwen3MoE, R"(, "framework": "maxtext", "cuda_graphs": true)",
                          R"({"ep": 16})", 2);
            QFAIL("cuda_graphs was taken with maxtext");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("maxtext") != std::string::npos, e.what());
        }
        try {
            (void)qwen3(R"(, "cuda_graphs": "yes")");
            QFAIL("a string was taken for cuda_graphs");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("/jobs/0/training/cuda_graphs") !=
                         std::string::npos,
                     e.what());
        }
    }
};

QTEST_GUILESS_MAIN(HostLaunchTest)
#include "tst_host_launch.moc"
