// Property test: for random valid jobs, export -> import gives the same job (every key of the
// project file), and the flags alone (without the podplanner-job line) give the same mesh,
// batch split, schedule, recompute, precision and model.
#include "interop/launch.h"
#include "interop_fixture.h"

#include "core/input_error.h"
#include "perf/evaluate.h"

#include <QtTest>

#include <random>

using namespace podplanner::model;
using namespace podplanner::model::interop;
using namespace interop_test;

namespace {

int pick(std::mt19937& rng, std::vector<int> values) {
    return values[std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(rng)];
}

// Splits `n` into six factors (dp, fsdp, tp, pp, ep, cp) that respect the model.
std::array<int, 6> splitMesh(std::mt19937& rng, int n, const ModelSpec& m) {
    std::array<int, 6> f{1, 1, 1, 1, 1, 1};
    for (int tries = 0; tries < 64 && n > 1; ++tries) {
        const std::size_t axis = std::uniform_int_distribution<std::size_t>(0, 5)(rng);
        const int g = pick(rng, {2, 4});
        if (n % g != 0)
            continue;
        const int next = f[axis] * g;
        if ((axis == 2 && m.heads % next != 0) || (axis == 4 && m.experts % next != 0) ||
            (axis == 3 && next > 8) || (axis == 5 && (next > 4 || m.seqLen % next != 0)))
            continue;
        f[axis] = next;
        n /= g;
    }
    f[1] *= n; // the rest to fsdp
    return f;
}

Job randomJob(std::mt19937& rng, const std::vector<std::string>& precisions, int chips,
              bool llama3Flavor) {
    Job j;
    j.name = "job-" + std::to_string(rng() % 1000);
    auto& m = j.model;
    m.heads = pick(rng, {16, 32, 64});
    m.kvHeads = m.heads / pick(rng, {1, 2, 4, 8});
    m.headDim = pick(rng, {64, 128});
    m.dModel = m.heads * m.headDim;
    m.ffn = 256 * pick(rng, {11, 28, 56});
    m.ffnKind = pick(rng, {0, 1}) ? "swiglu" : "gelu";
    m.vocab = pick(rng, {32000, 50257, 128256});
    m.seqLen = pick(rng, {1024, 2048, 4096});
    m.layers = 8 * pick(rng, {2, 4, 6});
    if (pick(rng, {0, 0, 1})) {
        m.experts = 8;
        m.topK = 2;
        m.expertFfn = 256 * pick(rng, {14, 28});
    } else {
        m.expertFfn = m.ffn;
    }
    if (llama3Flavor) { // torchtitan takes the model from a flavor: Llama 3 8B
        m.layers = 32, m.dModel = 4096, m.heads = 32, m.kvHeads = 8, m.headDim = 128;
        m.ffn = m.expertFfn = 14336, m.ffnKind = "swiglu", m.vocab = 128256, m.experts = 1;
        m.topK = 1;
    }
    // A sliding window no launcher's flags set: it travels in the carried model.
    if (pick(rng, {0, 0, 1})) {
        m.slidingWindow = pick(rng, {128, 1024});
        m.globalEvery = pick(rng, {0, 2});
    }
    // Latent attention and an MoE model's dense layers: MaxText's flags set them, the other
    // launchers carry the model.
    if (m.isMoe() && pick(rng, {0, 1}))
        m.denseLayers = pick(rng, {1, 3});
    if (m.isMoe() && pick(rng, {0, 1}))
        m.moeEvery = 2;
    if (pick(rng, {0, 0, 1})) {
        m.kvHeads = m.heads; // projected up to every head
        m.qLoraRank = pick(rng, {0, 768});
        m.kvLoraRank = 512;
        m.ropeHeadDim = 64;
        m.vHeadDim = m.headDim;
    }
    m.mtpLayers = pick(rng, {0, 0, 1});
    auto& p = j.parallelism;
    const auto f = splitMesh(rng, chips, m);
    p.dp = f[0], p.fsdp = f[1], p.tp = f[2], p.pp = f[3], p.ep = f[4], p.cp = f[5];
    p.microbatches = p.pp > 1 ? p.pp * pick(rng, {1, 2}) : pick(rng, {1, 1, 2});
    if (p.pp > 1 && pick(rng, {0, 1})) {
        p.ppSchedule = "interleaved";
        p.virtualStages = 2;
    }
    p.sequenceParallel = pick(rng, {0, 1}) == 1;
    p.tpOverlap = p.tp > 1 && pick(rng, {0, 1}) == 1;
    p.ppOverlap = p.virtualStages > 1 && pick(rng, {0, 1}) == 1;
    p.shardOptimizer = pick(rng, {0, 1}) == 1;
    p.fsdpGather = pick(rng, {0, 0, 1}) ? "per_step" : "per_pass";
    const std::int64_t sequences =
        std::int64_t{p.dp} * p.fsdp * p.ep * p.microbatches * pick(rng, {1, 2, 4});
    j.training.globalBatchTokens = sequences * m.seqLen;
    j.training.precision = precisions[rng() % precisions.size()];
    j.training.recompute = pick(rng, {0, 1, 2}) == 0 ? "none"
                           : pick(rng, {0, 1})       ? "full"
                                                     : "selective";
    j.training.totalTokens =
        j.training.globalBatchTokens * pick(rng, {1000, 12345}) + (pick(rng, {0, 1}) ? 7 : 0);
    if (pick(rng, {0, 1})) { // periodic evaluation, in training batches or in single sequences
        j.training.evalIntervalSteps = pick(rng, {10, 250});
        j.training.evalTokens = j.training.globalBatchTokens * pick(rng, {1, 3});
        // (A batch of one sequence when that is the training batch is the default, unwritten.)
        if (pick(rng, {0, 0, 1}) && m.seqLen != j.training.globalBatchTokens)
            j.training.evalBatchTokens = m.seqLen;
    }
    if (pick(rng, {0, 0, 1})) // MaxText's num_vocab_tiling; carried by the other launchers
        j.training.vocabTiling = pick(rng, {2, 4});
    j.reliability.restartS = pick(rng, {300, 600, 900});
    j.reliability.checkpoint.persistentWriteS = pick(rng, {0, 60});
    return j;
}

struct Case {
    std::string example;
    LaunchFormat format;
    std::vector<std::string> shapes; // TPU slice topologies, or empty for GPUs
    std::vector<int> slicesOrNodes;
};

} // namespace

class TestInteropRoundTrip : public QObject {
    Q_OBJECT
  private slots:
    void randomJobsRoundTrip() {
        const std::vector<Case> cases = {
            {"v4-pod-gpt3", LaunchFormat::MaxText, {"4x4x4", "4x4x8", "4x8x8", "8x8x8"}, {1}},
            {"multisite-405b", LaunchFormat::MaxText, {"4x4x4", "4x4x8"}, {1, 2, 4}},
            {"h100-cluster-70b", LaunchFormat::Megatron, {}, {1, 2, 4, 16}},
            {"h100-cluster-70b", LaunchFormat::Torchtitan, {}, {1, 2, 4, 16}},
        };
        std::mt19937 rng(20260822);
        for (const auto& c : cases) {
            const Project target = emptied(c.example);
            const bool tpu = !c.shapes.empty();
            std::vector<std::string> precisions; // the chip's, among those the flags hold
            for (const char* name : {"bf16", "fp8", "int8", "fp32"})
                if (target.cluster.chip.peakTflops.count(name) &&
                    (tpu || std::string(name) != "int8"))
                    precisions.emplace_back(name);
            int tested = 0, skipped = 0;
            for (int trial = 0; trial < 120 && tested < 40; ++trial) {
                Project project = target;
                const int count = pick(rng, c.slicesOrNodes);
                Job job;
                PlacementSpec placement;
                placement.pods.clear();
                if (tpu) {
                    placement.shape = c.shapes[rng() % c.shapes.size()];
                    for (int s = 0; s < count; ++s)
                        placement.pods.push_back(s);
                    long chips = 1;
                    std::stringstream in(placement.shape);
                    std::string part;
                    while (std::getline(in, part, 'x'))
                        chips *= std::stol(part);
                    job = randomJob(rng, precisions, static_cast<int>(chips) * count, false);
                    // MaxText's expert dispatch and grouped-matmul tiles, which its flags hold.
                    if (job.model.isMoe() && pick(rng, {0, 1}))
                        job.training.gmmTiles[pick(rng, {0, 3, 5})] = {
                            pick(rng, {128, 256}), pick(rng, {2048, 7168}), 1024};
                    if (job.model.isMoe() && pick(rng, {0, 0, 1}))
                        job.training.moeDispatch = "dense";
                    // Splash attention's blocks, forward and backward, one or two kernels.
                    if (pick(rng, {0, 1}))
                        job.training.splashBlocks = {
                            pick(rng, {1024, 2048}), 2048, 512, pick(rng, {512, 4096}),
                            pick(rng, {512, 1024}),  512};
                    job.training.splashFusedBackward = pick(rng, {0, 1}) == 1;
                } else {
                    placement.pods = {0};
                    placement.nodes = count;
                    job = randomJob(rng, precisions, count * 8,
                                    c.format == LaunchFormat::Torchtitan && pick(rng, {0, 1}));
                }
                job.placement = placement;
                project.jobs = {job};
                std::string text;
                try {
                    project = readProject(writeProject(project)); // valid, as a file
                    perf::evaluateProject(project);               // and runnable
                    text = exportLaunch(project, 0, c.format);
                } catch (const InputError& e) {
                    if (skipped++ < 2) // a layout the engine or the framework refuses
                        qInfo("refused before export: %s", e.what());
                    continue;
                }
                ImportOptions o;
                o.nodes = tpu ? 0 : count;
                ImportedJob back = importLaunch(target, c.format, text, o);
                const Project added = withImportedJob(target, back);
                if (jobText(added, 0) != jobText(project, 0))
                    qWarning("%s\n---- exported as ----\n%s\n---- imported ----\n%s",
                             jobText(project, 0).c_str(), text.c_str(), jobText(added, 0).c_str());
                QCOMPARE(jobText(added, 0), jobText(project, 0));

                if (c.format == LaunchFormat::Torchtitan &&
                    text.find("flavor = \"custom\"") != std::string::npos) {
                    ++tested; // no flavor holds the model: only the carried line can
                    continue;
                }
                ImportedJob flagsOnly = importLaunch(target, c.format, withoutExtras(text), o);
                const Job& a = project.jobs[0];
                const Job& b = flagsOnly.job;
                QCOMPARE(b.parallelism.meshSize(), a.parallelism.meshSize());
                for (auto [x, y] : {std::pair{a.parallelism.dp, b.parallelism.dp},
                                    {a.parallelism.fsdp, b.parallelism.fsdp},
                                    {a.parallelism.tp, b.parallelism.tp},
                                    {a.parallelism.pp, b.parallelism.pp},
                                    {a.parallelism.ep, b.parallelism.ep},
                                    {a.parallelism.cp, b.parallelism.cp},
                                    {a.parallelism.microbatches, b.parallelism.microbatches},
                                    {a.parallelism.virtualStages, b.parallelism.virtualStages},
                                    {a.model.layers, b.model.layers},
                                    {a.model.heads, b.model.heads},
                                    {a.model.kvHeads, b.model.kvHeads},
                                    {a.model.headDim, b.model.headDim},
                                    {a.model.ffn, b.model.ffn},
                                    {a.model.experts, b.model.experts},
                                    {a.model.seqLen, b.model.seqLen}})
                    QCOMPARE(y, x);
                QCOMPARE(b.training.globalBatchTokens, a.training.globalBatchTokens);
                if (c.format != LaunchFormat::Torchtitan && // no evaluation flags written there
                    text.find("evaluation of ") == std::string::npos) {
                    QCOMPARE(b.training.evalIntervalSteps, a.training.evalIntervalSteps);
                    QCOMPARE(b.training.evalTokens, a.training.evalTokens);
                    QCOMPARE(b.training.evalBatchTokens, a.training.evalBatchTokens);
                }
                QCOMPARE(b.training.recompute, a.training.recompute);
                QCOMPARE(b.model.vocab, a.model.vocab);
                ++tested;
            }
            qInfo("%s/%s: %d random jobs round-tripped, %d layouts refused before export",
                  c.example.c_str(), launchFormatName(c.format), tested, skipped);
            QVERIFY(tested >= 20);
        }
    }
};

QTEST_GUILESS_MAIN(TestInteropRoundTrip)
#include "tst_interop_roundtrip.moc"
