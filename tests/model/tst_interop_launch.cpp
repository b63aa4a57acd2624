// Launch-config export and import (model/interop): golden files from every bundled example,
// the mesh recomputed from the flags alone, real launch lines from the frameworks' own example
// scripts, and the errors that name the flag.
#include "interop/infragraph.h"
#include "interop/launch.h"
#include "interop/launch_common.h"
#include "interop/yaml_json.h"
#include "interop_fixture.h"
#include "perf/evaluate.h"

#include "core/input_error.h"

#include <QtTest>

#include <cstdlib>
#include <fstream>

using namespace podplanner::model;
using namespace podplanner::model::interop;
using namespace interop_test;

namespace {

void checkGolden(const std::string& name, const std::string& text) {
    const std::string path = sourcePath("tests/data/interop/golden/" + name);
    if (std::getenv("PODPLANNER_UPDATE_GOLDEN")) {
        std::ofstream(path, std::ios::binary) << text;
        return;
    }
    const std::string expected = readWholeFile(path, 1 << 24);
    if (text != expected)
        QFAIL(qPrintable(QString::fromStdString(path + " differs; rerun with "
                                                       "PODPLANNER_UPDATE_GOLDEN=1 and review "
                                                       "the diff")));
}

ImportedJob importInto(const std::string& example, LaunchFormat f, const std::string& text,
                       ImportOptions o = {}) {
    const Project target = emptied(example);
    ImportedJob job = importLaunch(target, f, text, o);
    withImportedJob(target, job);
    return job;
}

std::string mesh(const Job& j) {
    const auto& p = j.parallelism;
    return std::to_string(p.dp) + "/" + std::to_string(p.fsdp) + "/" + std::to_string(p.tp) + "/" +
           std::to_string(p.pp) + "/" + std::to_string(p.ep) + "/" + std::to_string(p.cp);
}

bool contains(const std::vector<std::string>& list, const std::string& prefix) {
    for (const auto& s : list)
        if (s.rfind(prefix, 0) == 0)
            return true;
    return false;
}

} // namespace

class TestInteropLaunch : public QObject {
    Q_OBJECT
  private slots:
    // Every job of every example, in every format its cluster runs: the text is the golden
    // file, and the flags without the podplanner-job line give the job's mesh, batch split,
    // recompute and precision again.
    void goldenAndMeshFromFlags() {
        const std::vector<std::pair<std::string, std::vector<LaunchFormat>>> examples = {
            {"v4-pod-gpt3", {LaunchFormat::MaxText}},
            {"ironwood-shared", {LaunchFormat::MaxText}},
            {"multisite-405b", {LaunchFormat::MaxText}},
            {"h100-cluster-70b", {LaunchFormat::Megatron, LaunchFormat::Torchtitan}},
            {"gb200-nvl72-405b", {LaunchFormat::Megatron, LaunchFormat::Torchtitan}}};
        int checked = 0;
        for (const auto& [name, formats] : examples) {
            const Project project = example(name);
            for (std::size_t j = 0; j < project.jobs.size(); ++j)
                for (LaunchFormat f : formats) {
                    const std::string text = exportLaunch(project, j, f);
                    const std::string ext = f == LaunchFormat::Torchtitan ? ".toml" : ".sh";
                    checkGolden(name + "-job" + std::to_string(j + 1) + "." + launchFormatName(f) +
                                    ext,
                                text);
                    const Job& original = project.jobs[j];
                    QVERIFY(text.find("Mesh: dp " + std::to_string(original.parallelism.dp) +
                                      " x fsdp ") != std::string::npos);
                    // A launcher counts hosts: an NVL72 job on 32 racks runs on 512 trays of 4.
                    ImportOptions o;
                    o.nodes = static_cast<int>(jobSizes(project, original).nodes);
                    const ImportedJob back = importInto(name, f, withoutExtras(text), o);
                    QCOMPARE(mesh(back.job), mesh(original));
                    QCOMPARE(back.job.parallelism.microbatches, original.parallelism.microbatches);
                    QCOMPARE(back.job.training.globalBatchTokens,
                             original.training.globalBatchTokens);
                    QCOMPARE(back.job.training.recompute, original.training.recompute);
                    QCOMPARE(back.job.training.precision, original.training.precision);
                    QCOMPARE(back.job.model.layers, original.model.layers);
                    QCOMPARE(back.job.model.ffn, original.model.ffn);
                    QCOMPARE(back.job.placement.pods.size(), original.placement.pods.size());
                    // With the podplanner-job line it is the same job, byte for byte.
                    ImportedJob full = importLaunch(emptied(name), f, text, o);
                    const Project added = withImportedJob(emptied(name), full);
                    Project copy = project;
                    copy.jobs = {original};
                    QCOMPARE(jobText(added, 0), jobText(copy, 0));
                    ++checked;
                }
        }
        QCOMPARE(checked, 9);
    }

    // MaxText, src/maxtext/configs/tpu/v4/22b.sh (AI-Hypercomputer/maxtext e591f30): "works
    // out of the box for any number of v4-128 slices" (64 chips each).
    void maxTextV4_22b() {
        const std::string line =
            "python3 -m maxtext.trainers.pre_train.$EXECUTABLE "
            "\"${MAXTEXT_CONFIGS_DIR:-${MAXTEXT_REPO_ROOT:-$PWD}/src/maxtext/configs}\"//"
            "base.yml\\\n"
            "    ici_fsdp_parallelism=64 steps=10 per_device_batch_size=13 profiler=xplane "
            "remat_policy=full attention=flash num_vocab_tiling=8\\\n"
            "    base_emb_dim=6144 base_num_kv_heads=24 base_num_query_heads=24 "
            "base_mlp_dim=24576 base_num_decoder_layers=48\\\n"
            "    base_output_directory=$OUTPUT_PATH dataset_type=synthetic\n";
        const std::string xpk = "xpk workload create --cluster c --workload w "
                                "--tpu-type=v4-128 --num-slices=2 --command \"" +
                                line.substr(0, line.find("\\\n")) +
                                " ici_fsdp_parallelism=64 "
                                "steps=10 per_device_batch_size=13 remat_policy=full "
                                "base_emb_dim=6144 base_num_kv_heads=24 base_num_query_heads=24 "
                                "base_mlp_dim=24576 base_num_decoder_layers=48\"\n";
        Project target = emptied("v4-pod-gpt3");
        ImportedJob one = importLaunch(target, LaunchFormat::MaxText, line, {"4x4x4", 0, 0, ""});
        QCOMPARE(mesh(one.job), std::string("1/64/1/1/1/1"));
        QCOMPARE(one.job.training.globalBatchTokens, std::int64_t{64 * 13 * 2048});
        QCOMPARE(one.job.training.recompute, std::string("full"));
        QCOMPARE(one.job.model.dModel, 6144);
        QCOMPARE(one.job.model.vocab, 32000); // base.yml
        QCOMPARE(one.job.model.headDim, 128); // base.yml
        QCOMPARE(one.job.model.seqLen, 2048); // base.yml max_target_length
        QVERIFY(contains(one.unmodelled, "attention=flash"));
        QCOMPARE(one.job.training.vocabTiling, 8);
        QCOMPARE(one.job.training.evalIntervalSteps, std::int64_t{0}); // base.yml: -1, never
        const Project added = withImportedJob(target, one);
        QVERIFY(exportLaunch(added, added.jobs.size() - 1, LaunchFormat::MaxText)
                    .find("num_vocab_tiling=8") != std::string::npos);
        // Evaluation every 5 steps, 3 batches of one sequence per chip (MLPerf's scripts:
        // eval_per_device_batch_size=1); without eval_steps, the split's size is unknown.
        const std::string evalFlags = " eval_interval=5 eval_steps=3 eval_per_device_batch_size=1";
        std::string evaluating = line;
        evaluating.insert(evaluating.find(" profiler=xplane"), evalFlags);
        ImportedJob ev =
            importLaunch(target, LaunchFormat::MaxText, evaluating, {"4x4x4", 0, 0, ""});
        QCOMPARE(ev.job.training.evalIntervalSteps, std::int64_t{5});
        QCOMPARE(ev.job.training.evalBatchTokens, std::int64_t{64 * 2048});
        QCOMPARE(ev.job.training.evalTokens, std::int64_t{3 * 64 * 2048});
        QVERIFY(perf::evaluateProject(withImportedJob(target, ev)).jobs[0].step.evalS > 0);
        evaluating = line;
        evaluating.insert(evaluating.find(" profiler=xplane"), " eval_interval=5");
        ev = importLaunch(target, LaunchFormat::MaxText, evaluating, {"4x4x4", 0, 0, ""});
        QCOMPARE(ev.job.training.evalIntervalSteps, std::int64_t{0});
        QVERIFY(contains(ev.notes, "eval_interval=5 evaluates the whole eval split"));
        // Two v4-128 slices through xpk: dcn_data_parallelism -1 (base.yml) takes both.
        const std::string error = errorOf([&] {
            ImportedJob two = importLaunch(target, LaunchFormat::MaxText, xpk, {});
            QCOMPARE(mesh(two.job), std::string("2/64/1/1/1/1"));
            QCOMPARE(two.job.placement.shape, std::string("4x4x4"));
            withImportedJob(target, two); // the v4 preset has one pod
        });
        QVERIFY2(error.find("/jobs/0/placement") != std::string::npos, error.c_str());
    }

    void maxTextMinusOneRules() {
        const Project target = emptied("v4-pod-gpt3");
        const std::string base = "python3 -m maxtext.trainers.pre_train.train base.yml ";
        ImportedJob j = importLaunch(target, LaunchFormat::MaxText,
                                     base + "ici_tensor_parallelism=4 per_device_batch_size=1",
                                     {"4x4x8", 0, 0, "t"});
        QCOMPARE(mesh(j.job), std::string("1/32/4/1/1/1")); // ici_fsdp -1 fills 128 / 4
        std::string e = errorOf([&] {
            importLaunch(target, LaunchFormat::MaxText, base + "ici_data_parallelism=-1",
                         {"4x4x8", 0, 0, ""});
        });
        QVERIFY2(e.find("ici_data_parallelism") != std::string::npos, e.c_str());
        e = errorOf([&] {
            importLaunch(target, LaunchFormat::MaxText,
                         base + "ici_fsdp_parallelism=16 ici_tensor_parallelism=4",
                         {"4x4x8", 0, 0, ""});
        });
        QVERIFY2(e.find("ici_tensor_parallelism") != std::string::npos &&
                     e.find("128") != std::string::npos,
                 e.c_str());
        e = errorOf([&] {
            importLaunch(target, LaunchFormat::MaxText, base + "ici_fsdp_parallelism=-1", {});
        });
        QVERIFY2(e.find("--shape") != std::string::npos, e.c_str());
        e = errorOf([&] {
            importLaunch(target, LaunchFormat::MaxText,
                         "xpk workload create --tpu-type=v5p-256 --command \"" + base + "steps=5\"",
                         {});
        });
        QVERIFY2(e.find("--tpu-type") != std::string::npos && e.find("v5p") != std::string::npos,
                 e.c_str());
    }

    // libtpu's flags come in LIBTPU_INIT_ARGS, exported by the script as Google's MLPerf v4.1
    // Trillium GPT-3 scripts do (mlcommons/training_results_v4.1, cloud-tpu-trillium/
    // trillium-3072.sh: a default for an unset variable) or set on xpk's command. The host
    // reduction flag is read; the others stay the launch's. Exported again, it is a note.
    void maxTextReadsHostReductionFromLibtpuArgs() {
        const Project target = emptied("v4-pod-gpt3");
        const std::string train = "python3 MaxText/train.py MaxText/configs/base.yml "
                                  "per_device_batch_size=2 ici_fsdp_parallelism=-1\n";
        const std::string exported =
            "export LIBTPU_INIT_ARGS=${LIBTPU_INIT_ARGS:-\"--xla_tpu_use_megascale_host_reduction="
            "false --xla_tpu_enable_data_parallel_all_reduce_opt=true\"}\n" +
            train;
        ImportedJob j = importLaunch(target, LaunchFormat::MaxText, exported, {"4x4x4", 0, 0, ""});
        QVERIFY(!j.job.training.dcnHostReduction);
        QVERIFY(contains(j.notes, "--xla_tpu_use_megascale_host_reduction=false"));
        QVERIFY(importLaunch(target, LaunchFormat::MaxText, train, {"4x4x4", 0, 0, ""})
                    .job.training.dcnHostReduction);
        const std::string xpk = "xpk workload create --tpu-type=v4-128 --command \"export "
                                "LIBTPU_INIT_ARGS='--xla_tpu_use_megascale_host_reduction=false' "
                                "&& python3 MaxText/train.py base.yml per_device_batch_size=2\"\n";
        ImportedJob x = importLaunch(target, LaunchFormat::MaxText, xpk, {});
        QVERIFY(!x.job.training.dcnHostReduction);
        QVERIFY(!contains(x.unmodelled, "LIBTPU_INIT_ARGS"));
        // absl's spellings, the --no form, a command-prefix assignment; a longer flag that
        // starts with the name is another flag.
        const auto hostReduction = [&](const std::string& args) {
            return importLaunch(target, LaunchFormat::MaxText,
                                "LIBTPU_INIT_ARGS=\"" + args + "\" " + train, {"4x4x4", 0, 0, ""})
                .job.training.dcnHostReduction;
        };
        QVERIFY(!hostReduction("--xla_tpu_use_megascale_host_reduction=False"));
        QVERIFY(!hostReduction("--xla_tpu_use_megascale_host_reduction=0"));
        QVERIFY(!hostReduction("--noxla_tpu_use_megascale_host_reduction"));
        QVERIFY(hostReduction("--xla_tpu_use_megascale_host_reduction=false "
                              "--xla_tpu_use_megascale_host_reduction"));
        QVERIFY(hostReduction("--xla_tpu_use_megascale_host_reduction_other=false"));
        // Exported, the flag is an export of LIBTPU_INIT_ARGS (and part of xpk's command),
        // which an import reads back.
        const Project added = withImportedJob(target, j);
        const std::string back = exportLaunch(added, added.jobs.size() - 1, LaunchFormat::MaxText);
        QVERIFY2(back.find("export LIBTPU_INIT_ARGS=\"${LIBTPU_INIT_ARGS:-} "
                           "--xla_tpu_use_megascale_host_reduction=false\"") != std::string::npos,
                 back.c_str());
        QVERIFY2(back.find("--command \"export LIBTPU_INIT_ARGS='${LIBTPU_INIT_ARGS}' && ") !=
                     std::string::npos,
                 back.c_str());
        ImportedJob reread = importLaunch(target, LaunchFormat::MaxText, back, {"4x4x4", 0, 0, ""});
        QVERIFY(contains(reread.notes, "--xla_tpu_use_megascale_host_reduction=false"));
        const Project again = withImportedJob(target, reread);
        QVERIFY(!again.jobs.back().training.dcnHostReduction);
        const std::string e = errorOf([&] {
            importLaunch(target, LaunchFormat::MaxText,
                         "export LIBTPU_INIT_ARGS=--xla_tpu_use_megascale_host_reduction=maybe\n" +
                             train,
                         {"4x4x4", 0, 0, ""});
        });
        QVERIFY2(e.find("LIBTPU_INIT_ARGS") != std::string::npos &&
                     e.find("maybe") != std::string::npos,
                 e.c_str());
    }

    // MaxText's overrides as a YAML file (`key: value` lines, comments and blank lines): the same
    // job as the command line gives.
    void maxTextYamlOverrides() {
        const Project target = emptied("v4-pod-gpt3");
        const std::string yaml = "# overrides for a v4-128 slice\n"
                                 "base_config: base.yml\n"
                                 "\n"
                                 "ici_fsdp_parallelism: 16\n"
                                 "ici_tensor_parallelism: 4   # inside a cube\n"
                                 "per_device_batch_size: 2\n"
                                 "remat_policy: 'full'\n"
                                 "base_emb_dim: 4096\n"
                                 "base_num_decoder_layers: 32\n";
        ImportedJob fromYaml =
            importLaunch(target, LaunchFormat::MaxText, yaml, {"4x4x4", 0, 0, "yaml"});
        QCOMPARE(mesh(fromYaml.job), std::string("1/16/4/1/1/1"));
        QCOMPARE(fromYaml.job.training.recompute, std::string("full"));
        QCOMPARE(fromYaml.job.model.dModel, 4096);
        QCOMPARE(fromYaml.job.model.layers, 32);
        QCOMPARE(fromYaml.job.training.globalBatchTokens, std::int64_t{64 * 2 * 2048});
        const ImportedJob fromLine = importLaunch(
            target, LaunchFormat::MaxText,
            "python3 -m maxtext.trainers.pre_train.train base.yml ici_fsdp_parallelism=16 "
            "ici_tensor_parallelism=4 per_device_batch_size=2 remat_policy=full "
            "base_emb_dim=4096 base_num_decoder_layers=32",
            {"4x4x4", 0, 0, "yaml"});
        QCOMPARE(mesh(fromLine.job), mesh(fromYaml.job));
        QCOMPARE(fromLine.job.training.globalBatchTokens, fromYaml.job.training.globalBatchTokens);
    }

    // MaxText's deepseek3-671b by name: latent attention and dense layers as its config has
    // them, and the export names it again.
    void maxTextDeepSeekV3ByName() {
        const Project target = emptied("v4-pod-gpt3");
        const ImportedJob imported = importLaunch(
            target, LaunchFormat::MaxText,
            "python3 -m MaxText.train base.yml model_name=deepseek3-671b ici_fsdp_parallelism=64 "
            "per_device_batch_size=1 max_target_length=4096 remat_policy=full",
            {"4x4x4", 0, 0, "cmd"});
        const ModelSpec& m = imported.job.model;
        QCOMPARE(m.denseLayers, 3);
        QCOMPARE(m.kvLoraRank, 512);
        QCOMPARE(m.qLoraRank, 1536);
        QCOMPARE(m.sharedExperts, 1);
        QCOMPARE(m.experts, 256);
        // Naming the attention type as well keeps the config's ranks (not base.yml's).
        const ImportedJob named = importLaunch(
            target, LaunchFormat::MaxText,
            "python3 -m MaxText.train base.yml model_name=deepseek3-671b attention_type=mla "
            "ici_fsdp_parallelism=64 per_device_batch_size=1 max_target_length=4096",
            {"4x4x4", 0, 0, "cmd"});
        QCOMPARE(named.job.model.qLoraRank, 1536);
        Project withJob = target;
        withJob.jobs.push_back(imported.job);
        const std::string out =
            exportLaunch(withJob, static_cast<int>(withJob.jobs.size()) - 1, LaunchFormat::MaxText);
        QVERIFY2(out.find("model_name=deepseek3-671b") != std::string::npos, out.c_str());
    }

    // The export picks the decoder block whose flags express the model (MaxText reads
    // interleave_moe_layer_step only in llama4, shared experts not in mixtral) and says, and
    // carries, what it cannot.
    void maxTextExportPicksTheDecoderBlock() {
        const Project maverick = loadProjectFile(sourcePath(
            "tests/data/validation/tpu-moe/tpurecipes-v5p-llama4-maverick-v5p-256.podplanner"));
        std::string out = exportLaunch(maverick, 0, LaunchFormat::MaxText);
        QVERIFY2(out.find("decoder_block=llama4") != std::string::npos, out.c_str());
        QVERIFY2(out.find("interleave_moe_layer_step=2") != std::string::npos, out.c_str());
        Project shared = maverick;
        shared.jobs[0].model.moeEvery = 1;
        out = exportLaunch(shared, 0, LaunchFormat::MaxText);
        QVERIFY2(out.find("decoder_block=mixtral") != std::string::npos, out.c_str());
        QVERIFY2(out.find("mixtral block has neither") != std::string::npos, out.c_str());
        // Carried: importing the export gives the shared expert back.
        Project into = shared;
        into.jobs.clear();
        ImportedJob restored = importLaunch(into, LaunchFormat::MaxText, out, {});
        withImportedJob(into, restored);
        QCOMPARE(restored.job.model.sharedExperts, 1);
    }

    // No launcher's decoder runs without the causal mask: each export says so and carries the
    // model, so that importing it gives the mask back.
    void exportsCarryANonCausalModel() {
        const Project v5e = loadProjectFile(
            sourcePath("tests/data/validation/tpu-dense/maxtext-v5e-16b-1x.podplanner"));
        QVERIFY(!v5e.jobs[0].model.causal);
        const std::string out = exportLaunch(v5e, 0, LaunchFormat::MaxText);
        QVERIFY2(out.find("causal false: MaxText as it is today masks") != std::string::npos,
                 out.c_str());
        Project into = v5e;
        into.jobs.clear();
        ImportedJob restored = importLaunch(into, LaunchFormat::MaxText, out, {});
        withImportedJob(into, restored);
        QVERIFY(!restored.job.model.causal);
        Project gpu = loadProjectFile(
            sourcePath("tests/data/validation/gpu-dense/korthikanti-t5-22b-selective.podplanner"));
        gpu.jobs[0].model.causal = false;
        for (const LaunchFormat f : {LaunchFormat::Megatron, LaunchFormat::Torchtitan}) {
            const std::string text = exportLaunch(gpu, 0, f);
            QVERIFY2(text.find("causal false: ") != std::string::npos, text.c_str());
            Project back = gpu;
            back.jobs.clear();
            ImportedJob job = importLaunch(back, f, text, {});
            withImportedJob(back, job);
            QVERIFY(!job.job.model.causal);
        }
        gpu.jobs[0].model.causal = true;
        QVERIFY(exportLaunch(gpu, 0, LaunchFormat::Megatron).find("causal false") ==
                std::string::npos);
    }

    // xpk's --tpu-type counts TensorCores on v5p (two a chip): a 1024-chip slice is v5p-2048,
    // the name MaxText's own v5p table gives that run.
    void v5pExportCountsTensorCores() {
        const Project p = loadProjectFile(
            sourcePath("tests/data/validation/tpu-dense/maxtext-v5p-1024b-1xv5p-2048.podplanner"));
        const std::string out = exportLaunch(p, 0, LaunchFormat::MaxText);
        QVERIFY2(out.find("--tpu-type=v5p-2048") != std::string::npos, out.c_str());
        QVERIFY2(out.find("--num-slices=1") != std::string::npos, out.c_str());
    }

    // Ironwood's two TensorCores are two JAX devices: MaxText's mesh and batch count devices.
    // The DeepSeek-V3 fp8 recipe (AI-Hypercomputer/tpu-recipes 216f3e1, training/ironwood/
    // deepseek3-671b/4k-fp8-tpu7x-4x4x8) names its slice with xpk's --device-type and tunes
    // the grouped matmul's tiles per pass; the export gives both back.
    void maxTextIronwoodCountsDevicesAndReadsTiles() {
        const Project target = emptied("ironwood-shared");
        const std::string recipe =
            "xpk workload create --device-type=tpu7x-4x4x8 --command \"python3 -m MaxText.train "
            "MaxText/configs/base.yml model_name=deepseek3-671b per_device_batch_size=8.0 "
            "max_target_length=4096 ici_fsdp_parallelism=-1 remat_policy=full "
            "sparse_matmul=True megablox=True wi_tile_fwd_batch_seq=128 "
            "wi_tile_fwd_embed_dim=7168 wi_tile_fwd_mlp_dim=2048 wo_tile_drhs_batch_seq=256 "
            "wo_tile_drhs_embed_dim=2048 wo_tile_drhs_mlp_dim=1792 sa_block_q=2048 "
            "sa_block_kv=2048 sa_block_q_dkv=1024 sa_block_kv_dkv=2048 sa_block_q_dq=256 "
            "use_tokamax_splash=true steps=30\"";
        const ImportedJob imported = importLaunch(target, LaunchFormat::MaxText, recipe, {});
        const Job& job = imported.job;
        QCOMPARE(mesh(job), std::string("1/128/1/1/1/1")); // 256 devices on 128 chips
        QCOMPARE(job.training.globalBatchTokens, std::int64_t{256} * 8 * 4096);
        QCOMPARE(job.placement.shape, std::string("4x4x8"));
        QVERIFY(job.training.gmmTiles[kWiFwd] == (GmmTile{128, 7168, 2048}));
        QVERIFY(job.training.gmmTiles[kWoDrhs] == (GmmTile{256, 2048, 1792}));
        QVERIFY(job.training.gmmTiles[kWiDlhs] == GmmTile{}); // base.yml's 512, 1024, 1024
        QVERIFY(job.training.splashBlocks ==
                (std::array<int, 6>{2048, 2048, 1024, 2048, 256, 512}));
        QVERIFY(job.training.splashFusedBackward);
        // sa_use_fused_bwd_kernel on its own; tokamax's splash kernel is fused whatever it says.
        for (const auto& [flags, fused] :
             {std::pair{"sa_use_fused_bwd_kernel=True", true},
              std::pair{"use_tokamax_splash=true sa_use_fused_bwd_kernel=false", true},
              std::pair{"sa_block_q_dq=1024", false}}) {
            const std::string line =
                std::string("python3 -m MaxText.train base.yml model_name=deepseek3-671b "
                            "ici_fsdp_parallelism=-1 ") +
                flags;
            QCOMPARE(importLaunch(target, LaunchFormat::MaxText, line, {"4x4x4", 0, 0, "cmd"})
                         .job.training.splashFusedBackward,
                     fused);
        }
        Project withJob = target;
        withJob.jobs.push_back(job);
        const std::string out =
            exportLaunch(withJob, withJob.jobs.size() - 1, LaunchFormat::MaxText);
        for (const char* flag :
             {"ici_fsdp_parallelism=256", "per_device_batch_size=8", "wi_tile_fwd_batch_seq=128",
              "wo_tile_drhs_mlp_dim=1792", "sparse_matmul=true", "--tpu-type=tpu7x-256",
              "sa_block_q_dkv=1024", "sa_block_q_dq=256", "sa_use_fused_bwd_kernel=true"})
            QVERIFY2(out.find(flag) != std::string::npos, (std::string(flag) + "\n" + out).c_str());
        QVERIFY2(out.find("wi_tile_dlhs") == std::string::npos, out.c_str());
        // MaxText from September to November 2025: one tuple per projection in the kernel's
        // (rows, contraction, output) order for all three of its kernels, so the data
        // gradients (which contract over the other width) ran them swapped.
        const ImportedJob older = importLaunch(
            target, LaunchFormat::MaxText,
            "python3 -m MaxText.train base.yml model_name=deepseek3-671b ici_fsdp_parallelism=-1 "
            "per_device_batch_size=1 tile_batch_seq=256 tile_mlp_dim=512",
            {"4x4x4", 0, 0, "cmd"});
        const std::array<GmmTile, kGmmPasses> expected{
            GmmTile{256, 1024, 512}, GmmTile{256, 512, 1024}, GmmTile{256, 1024, 512},
            GmmTile{256, 1024, 512}, GmmTile{256, 512, 1024}, GmmTile{256, 1024, 512}};
        QVERIFY(older.job.training.gmmTiles == expected);
        QCOMPARE(older.job.training.globalBatchTokens, std::int64_t{128} * older.job.model.seqLen);
        // A mesh of one axis per chip is short of the slice's devices.
        try {
            importLaunch(target, LaunchFormat::MaxText,
                         "python3 -m MaxText.train base.yml model_name=deepseek3-671b "
                         "ici_fsdp_parallelism=64 ici_data_parallelism=1 per_device_batch_size=1",
                         {"4x4x4", 0, 0, "cmd"});
            QFAIL("a mesh of 64 on 128 devices was accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("devices per slice (128)") != std::string::npos,
                     e.what());
        }
    }

    // Megatron-LM, examples/gpt3/train_gpt3_175b_distributed.sh (NVIDIA/Megatron-LM d98e8a6).
    void megatronGpt3() {
        std::string script =
            "GPUS_PER_NODE=8\nNUM_NODES=1\n"
            "DISTRIBUTED_ARGS=(\n    --nproc_per_node $GPUS_PER_NODE \n    --nnodes "
            "$NUM_NODES \n    --master_addr $MASTER_ADDR \n    --master_port $MASTER_PORT\n)\n"
            "GPT_MODEL_ARGS=(\n    --num-layers 96 \n    --hidden-size 12288 \n    "
            "--num-attention-heads 96 \n    --seq-length 2048 \n    "
            "--max-position-embeddings 2048 \n    --attention-backend auto # Can use "
            "(flash/fused/unfused/local)\n)\n"
            "TRAINING_ARGS=(\n    --micro-batch-size 1 \n    --global-batch-size 1536\n    "
            "--train-iters 500000\n    --fp16\n)\n"
            "MODEL_PARALLEL_ARGS=(\n\t--tensor-model-parallel-size 8 \n\t"
            "--pipeline-model-parallel-size 16 \n)\n"
            "DATA_ARGS=(\n    --vocab-file $VOCAB_FILE \n    --merge-file $MERGE_FILE \n)\n"
            "torchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py \\\n    ${GPT_MODEL_ARGS[@]} \\\n"
            "    ${TRAINING_ARGS[@]} \\\n    ${MODEL_PARALLEL_ARGS[@]} \\\n    "
            "${DATA_ARGS[@]}\n";
        const Project target = emptied("h100-cluster-70b");
        // As shipped (one node), tp 8 x pp 16 does not fit 8 GPUs.
        std::string e = errorOf([&] { importLaunch(target, LaunchFormat::Megatron, script, {}); });
        QVERIFY2(e.find("--pipeline-model-parallel-size") != std::string::npos, e.c_str());
        // On 16 nodes ("Change for multinode config"), the vocabulary is still in a file.
        e = errorOf([&] { importLaunch(target, LaunchFormat::Megatron, script, {"", 0, 16, ""}); });
        QVERIFY2(e.find("--vocab-size") != std::string::npos, e.c_str());
        script.replace(script.find("    --vocab-file"), 0,
                       "    --tokenizer-type GPT2BPETokenizer\n");
        ImportedJob j = importLaunch(target, LaunchFormat::Megatron, script, {"", 0, 16, ""});
        QCOMPARE(mesh(j.job), std::string("1/1/8/16/1/1"));
        QCOMPARE(j.job.parallelism.microbatches, 1536);
        QCOMPARE(j.job.model.ffn, 4 * 12288); // arguments.py: 4h without --swiglu
        QCOMPARE(j.job.model.ffnKind, std::string("gelu"));
        QCOMPARE(j.job.model.vocab, 50257);
        QCOMPARE(j.job.training.precision, std::string("bf16")); // --fp16, same width
        QCOMPARE(j.job.training.recompute, std::string("none"));
        QVERIFY(contains(j.unmodelled, "--attention-backend=auto"));
        QVERIFY(!j.job.parallelism.ppOverlap); // 1F1B: Megatron overlaps only interleaved sends
        QVERIFY(!j.job.parallelism.tpOverlap);
        QVERIFY(contains(j.notes, "no --eval-interval or --eval-iters: Megatron evaluates"));
        withImportedJob(target, j);
        // Interleaved (6 layers a chunk): the sends overlap unless the flag says no.
        script.replace(script.find("\n)\nDATA_ARGS"), 0,
                       " \n\t--num-layers-per-virtual-pipeline-stage 3");
        j = importLaunch(target, LaunchFormat::Megatron, script, {"", 0, 16, ""});
        QCOMPARE(j.job.parallelism.virtualStages, 2);
        QVERIFY(j.job.parallelism.ppOverlap);
        script.replace(script.find("\n)\nDATA_ARGS"), 0,
                       " \n\t--no-overlap-p2p-communication \n\t--tp-comm-overlap");
        QVERIFY(importLaunch(target, LaunchFormat::Megatron, script, {"", 0, 16, ""})
                    .job.parallelism.tpOverlap);
        QVERIFY(!importLaunch(target, LaunchFormat::Megatron, script, {"", 0, 16, ""})
                     .job.parallelism.ppOverlap);
        // Evaluation: --eval-iters global batches every --eval-interval steps (Megatron's
        // defaults 100 and 1000 for the one not given); --eval-iters 0 turns it off.
        script.replace(script.find("\n)\nDATA_ARGS"), 0, " \n\t--eval-interval 200");
        j = importLaunch(target, LaunchFormat::Megatron, script, {"", 0, 16, ""});
        QCOMPARE(j.job.training.evalIntervalSteps, std::int64_t{200});
        QVERIFY(!contains(j.notes, "no --eval-interval"));
        QCOMPARE(j.job.training.evalTokens, std::int64_t{100} * 1536 * 2048);
        script.replace(script.find("\n)\nDATA_ARGS"), 0, " \n\t--eval-iters 0");
        j = importLaunch(target, LaunchFormat::Megatron, script, {"", 0, 16, ""});
        QCOMPARE(j.job.training.evalIntervalSteps, std::int64_t{0});
        // fp8: Megatron keeps bf16 weights with TE's fp8 copies unless --fp8-param-gather;
        // --grad-reduce-in-bf16 halves the gradients. Both are written back.
        script.replace(script.find("--fp16"), 6, "--bf16 --fp8-format hybrid");
        j = importLaunch(target, LaunchFormat::Megatron, script, {"", 0, 16, ""});
        QCOMPARE(j.job.training.precision, std::string("fp8"));
        QCOMPARE(j.job.training.fp8Params, std::optional<bool>(false));
        QVERIFY(j.job.training.gradDtype.empty());
        script.replace(script.find("--fp8-format hybrid"), 0,
                       "--fp8-param-gather --grad-reduce-in-bf16 ");
        j = importLaunch(target, LaunchFormat::Megatron, script, {"", 0, 16, ""});
        QVERIFY(!j.job.training.fp8Params); // the default: fp8 weights
        QCOMPARE(j.job.training.gradDtype, std::string("bf16"));
        Project added = withImportedJob(target, j);
        std::string exported = exportLaunch(added, 0, LaunchFormat::Megatron);
        QVERIFY(exported.find("--fp8-param-gather") != std::string::npos);
        QVERIFY(exported.find("--grad-reduce-in-bf16") != std::string::npos);
        added.jobs[0].training.fp8Params = false;
        exported = exportLaunch(added, 0, LaunchFormat::Megatron);
        QVERIFY(exported.find("--fp8-param-gather") == std::string::npos);
        // Gradient accumulation fusion is on unless switched off, and written back when off.
        QVERIFY(j.job.training.gradientAccumulationFusion);
        QVERIFY(exported.find("--no-gradient-accumulation-fusion") == std::string::npos);
        script.replace(script.find("--grad-reduce-in-bf16"), 0,
                       "--no-gradient-accumulation-fusion ");
        j = importLaunch(target, LaunchFormat::Megatron, script, {"", 0, 16, ""});
        QVERIFY(!j.job.training.gradientAccumulationFusion);
        added = withImportedJob(target, j);
        exported = exportLaunch(added, 0, LaunchFormat::Megatron);
        QVERIFY(exported.find("--no-gradient-accumulation-fusion") != std::string::npos);
        // The 2021 code's synchronous backward has no flag today: kept in the job line.
        added.jobs[0].training.asyncTpBackward = false;
        exported = exportLaunch(added, 0, LaunchFormat::Megatron);
        QVERIFY(exported.find("async_tensor_model_parallel_allreduce") != std::string::npos);
    }

    // Megatron-LM, examples/mixtral/train_mixtral_8x7b_distributed.sh: pp 4 x ep 8.
    void megatronMixtral() {
        const std::string script =
            "GPUS_PER_NODE=8\nNNODES=${SLURM_NNODES:-\"1\"}\n"
            "DISTRIBUTED_ARGS=(\n    --nproc_per_node $GPUS_PER_NODE\n    --nnodes $NNODES\n)\n"
            "MODEL_ARGS=(\n    --use-mcore-models\n    --disable-bias-linear\n    --seq-length "
            "4096\n    --max-position-embeddings 32768\n    --num-layers 32\n    --hidden-size "
            "4096\n    --ffn-hidden-size 14336\n    --num-attention-heads 32\n    --swiglu\n    "
            "--untie-embeddings-and-output-weights\n    --group-query-attention\n    "
            "--num-query-groups 8\n)\n"
            "MOE_ARGS=(\n    --num-experts 8\n    --moe-router-topk 2\n    --moe-grouped-gemm\n)\n"
            "DATA_ARGS=(\n    --tokenizer-type Llama2Tokenizer\n)\n"
            "TRAINING_ARGS=(\n    --micro-batch-size 1\n    --global-batch-size 256\n    "
            "--train-iters 500000\n    --bf16\n)\n"
            "MODEL_PARALLEL_ARGS=(\n    --tensor-model-parallel-size 1\n    "
            "--pipeline-model-parallel-size 4\n    --expert-model-parallel-size 8\n    "
            "--use-distributed-optimizer\n    --sequence-parallel\n)\n"
            "torchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py \\\n    ${MODEL_ARGS[@]} \\\n    "
            "${MOE_ARGS[@]} \\\n    ${DATA_ARGS[@]} \\\n    ${TRAINING_ARGS[@]} \\\n    "
            "${MODEL_PARALLEL_ARGS[@]}\n";
        const Project target = emptied("h100-cluster-70b");
        const std::string e =
            errorOf([&] { importLaunch(target, LaunchFormat::Megatron, script, {}); });
        QVERIFY2(e.find("--expert-model-parallel-size") != std::string::npos, e.c_str());
        ImportedJob j = importLaunch(target, LaunchFormat::Megatron, script, {"", 0, 4, ""});
        QCOMPARE(mesh(j.job), std::string("1/1/1/4/8/1"));
        QCOMPARE(j.job.parallelism.microbatches, 256 / 8);
        QCOMPARE(j.job.model.experts, 8);
        QCOMPARE(j.job.model.topK, 2);
        QCOMPARE(j.job.model.kvHeads, 8);
        QCOMPARE(j.job.model.vocab, 32000);
        QVERIFY(j.job.parallelism.shardOptimizer);
        QVERIFY(contains(j.unmodelled, "--moe-grouped-gemm"));
        QVERIFY(!j.job.training.cudaGraphs);
        // --disable-bias-linear: no expert biases; Megatron's default adds them.
        QVERIFY(!j.job.model.expertBias);
        std::string biased = script;
        biased.erase(biased.find("    --disable-bias-linear\n"), 26);
        QVERIFY(importLaunch(target, LaunchFormat::Megatron, biased, {"", 0, 4, ""})
                    .job.model.expertBias);
        withImportedJob(target, j);

        // CUDA graphs: a capture of the whole iteration (or of whole layers) is modelled; the
        // MoE README's partial capture (attention, router, preprocessing) is timed as eager.
        const auto withFlags = [&](const std::string& flags) {
            std::string s = script;
            s.replace(s.find("    --use-distributed-optimizer"), 0, flags);
            return importLaunch(target, LaunchFormat::Megatron, s, {"", 0, 4, ""});
        };
        j = withFlags("    --cuda-graph-impl transformer_engine\n    --cuda-graph-scope attn "
                      "moe_router moe_preprocess\n");
        QVERIFY(!j.job.training.cudaGraphs);
        QVERIFY(contains(j.notes, "CUDA graphs of part of each layer (attn moe_router "
                                  "moe_preprocess) timed as eager"));
        QVERIFY(!contains(j.unmodelled, "moe_router"));
        QVERIFY(withFlags("    --enable-cuda-graph\n").job.training.cudaGraphs);
        QVERIFY(withFlags("    --cuda-graph-impl local\n    --cuda-graph-scope attn moe\n")
                    .job.training.cudaGraphs);
        j = withFlags("    --cuda-graph-impl local\n    --cuda-graph-scope full_iteration\n");
        QVERIFY(j.job.training.cudaGraphs);
        QVERIFY(!contains(j.notes, "CUDA graphs of part"));
        // Written back as it was read.
        const std::string exported =
            exportLaunch(withImportedJob(target, j), 0, LaunchFormat::Megatron);
        QVERIFY(exported.find("--cuda-graph-impl local") != std::string::npos);
        QVERIFY(exported.find("--cuda-graph-scope full_iteration") != std::string::npos);
        QVERIFY(exported.find("--disable-bias-linear") != std::string::npos);
    }

    // torchtitan, torchtitan/models/llama3/train_configs/llama3_405b.toml (pytorch/torchtitan
    // 238fa99): "a preset for 128 H100 GPUs".
    void torchtitan405b() {
        const std::string toml =
            "[job]\ndump_folder = \"./outputs\"\ndescription = \"Llama 3 405B training\"\n\n"
            "[model]\nname = \"llama3\"\nflavor = \"405B\"\nconverters = [\"float8\"]\n\n"
            "[training]\nlocal_batch_size = 2\nseq_len = 8192\nmax_norm = 1.0  # grad norm "
            "clipping\nsteps = 3000\ndataset = \"c4\"\n\n"
            "[parallelism]\ndata_parallel_replicate_degree = 1\ndata_parallel_shard_degree = -1\n"
            "tensor_parallel_degree = 8  # 8-way TP\nenable_async_tensor_parallel = true\n"
            "pipeline_parallel_degree = 1\ncontext_parallel_degree = 1\n\n"
            "[activation_checkpoint]\nmode = \"full\" # [\"none\", \"selective\", \"full\"]\n\n"
            "[compile]\nenable=true\ncomponents = [\"model\", \"loss\"]\n";
        const Project target = emptied("h100-cluster-70b");
        const std::string e =
            errorOf([&] { importLaunch(target, LaunchFormat::Torchtitan, toml, {}); });
        QVERIFY2(e.find("data_parallel_shard_degree") != std::string::npos, e.c_str());
        ImportedJob j = importLaunch(target, LaunchFormat::Torchtitan, toml, {"", 0, 16, ""});
        QCOMPARE(mesh(j.job), std::string("1/16/8/1/1/1")); // -1 = 128 / 8
        QCOMPARE(j.job.training.globalBatchTokens, std::int64_t{2 * 16 * 8192});
        QCOMPARE(j.job.model.ffn, 53248); // FeedForward(16384, 1.2, 4096)
        QCOMPARE(j.job.training.precision, std::string("fp8"));
        QCOMPARE(j.job.training.recompute, std::string("full"));
        QCOMPARE(j.job.name, std::string("Llama 3 405B training"));
        QCOMPARE(j.job.training.framework, std::string("pytorch_fsdp"));
        QVERIFY(j.job.training.compile);
        QVERIFY(j.job.parallelism.tpOverlap); // enable_async_tensor_parallel, compiled
        withImportedJob(target, j);
        // Without [compile] torchtitan runs eagerly (enable defaults to false).
        const std::string eager = toml.substr(0, toml.find("[compile]"));
        ImportedJob e2 = importLaunch(target, LaunchFormat::Torchtitan, eager, {"", 0, 16, ""});
        QVERIFY(!e2.job.training.compile);
        QVERIFY(!e2.job.parallelism.tpOverlap); // async TP runs only compiled
        Project graphed = withImportedJob(target, e2);
        // torchtitan cannot capture the step in CUDA graphs: the export says so and carries
        // the key in its job line, and reading it back restores it.
        graphed.jobs[0].training.cudaGraphs = true;
        const std::string exported = exportLaunch(graphed, 0, LaunchFormat::Torchtitan);
        QVERIFY(exported.find("cuda_graphs: torchtitan has no setting") != std::string::npos);
        ImportedJob back =
            importLaunch(target, LaunchFormat::Torchtitan, exported, {"", 0, 16, ""});
        QVERIFY(withImportedJob(target, back).jobs.back().training.cudaGraphs);
    }

    // Words and lines of a million characters, as a fuzzer writes them: read as any other,
    // never a stack overflow (std::regex, which these readers used, recursed per character).
    void longWordsAndLines() {
        const Project tpu = emptied("v4-pod-gpt3");
        const ImportOptions slice{"4x4x4", 1, 0, ""};
        const std::string longValue(1'000'000, 'a');
        ImportedJob j = importLaunch(tpu, LaunchFormat::MaxText,
                                     "python3 -m maxtext.trainers.pre_train.train base.yml "
                                     "run_name=" +
                                         longValue + " steps=10",
                                     slice);
        QCOMPARE(j.job.training.totalTokens / j.job.training.globalBatchTokens, 10);
        j = importLaunch(tpu, LaunchFormat::MaxText, "run_name: " + longValue + "\nsteps: 10\n",
                         slice);
        QCOMPARE(j.job.training.totalTokens / j.job.training.globalBatchTokens, 10);
        const std::string digits(1'000'000, '7');
        QVERIFY(parseYamlAsJson("b: 1." + digits + "e1\nc: 42\n")["c"] == 42);
        const std::string e = errorOf([&] { parseYamlAsJson("a: " + digits); });
        QVERIFY2(e.find("a number a double can hold") != std::string::npos && // past a double
                     e.find("(1000000 characters)") != std::string::npos && e.size() < 300,
                 e.c_str());
        QVERIFY(parseYamlAsJson("a: -.5e-3")["a"] == -0.0005);
        QVERIFY(parseYamlAsJson("a: 1.e")["a"].is_string());
        QVERIFY(parseYamlAsJson("a: .")["a"].is_string());
        // A variable that doubles line after line would take 16 GiB by line 36: refused once
        // the script's expansions pass 64 MiB (2^n - 2 bytes after line n: line 27), also
        // inside a ${VAR:-default}, whose value counts again where it is used (line 26).
        for (const auto& [use, line] :
             {std::pair{"A=$A$A\n", "line 27:"}, std::pair{"A=${B:-$A$A}\n", "line 26:"}}) {
            std::string doubling = "A=x\n";
            for (int i = 0; i < 34; ++i)
                doubling += use;
            const std::string grows = errorOf([&] {
                importLaunch(tpu, LaunchFormat::MaxText, doubling + "python3 train.py steps=1\n",
                             slice);
            });
            QVERIFY2(grows.find("64 MiB") != std::string::npos &&
                         grows.find(line) != std::string::npos,
                     grows.c_str());
        }
    }

    // Bytes that are not UTF-8 would end up in a project string (a run name, an InfraGraph
    // name), which the project writer cannot write: the fuzzer's crash was such a YAML name.
    // Each reader refuses them at their line and column instead.
    void textThatIsNotUtf8() {
        const Project tpu = emptied("v4-pod-gpt3");
        const ImportOptions slice{"4x4x4", 1, 0, ""};
        std::string e = errorOf([&] {
            importLaunch(tpu, LaunchFormat::MaxText,
                         "python3 -m maxtext.trainers.pre_train.train base.yml\n"
                         "  run_name=caf\xC3 steps=10",
                         slice);
        });
        QVERIFY2(e.find("line 2, column 15") != std::string::npos &&
                     e.find("UTF-8 text") != std::string::npos &&
                     e.find("\\xC3") != std::string::npos,
                 e.c_str());
        e = errorOf([&] { importInfraGraph("name: pod\xFF\ndevices: []\n", "x.yaml", {}); });
        QVERIFY2(e.find("line 1, column 10") != std::string::npos &&
                     e.find("UTF-8 text") != std::string::npos,
                 e.c_str());
        // NUL bytes would make yaml-cpp decode UTF-32 (here "name: " with the surrogate
        // U+DFBF, every byte of it valid UTF-8) and hand back strings that are not UTF-8.
        std::string utf32;
        for (const char c : std::string("name: "))
            utf32 += std::string(3, '\0') + c;
        utf32 += std::string("\0\0\xDF\xBF", 4);
        e = errorOf([&] { importInfraGraph(utf32, "x.yaml", {}); });
        QVERIFY2(e.find("line 1, column 1") != std::string::npos &&
                     e.find("a NUL byte") != std::string::npos,
                 e.c_str());
        // A --shape that is no topology is refused, not replaced by the default slice.
        e = errorOf([&] {
            importLaunch(tpu, LaunchFormat::MaxText,
                         "python3 -m maxtext.trainers.pre_train.train base.yml steps=10",
                         {"4x4xz", 1, 0, ""});
        });
        QVERIFY2(e.find("--shape") != std::string::npos &&
                     e.find("a slice topology such as 4x4x8") != std::string::npos,
                 e.c_str());
        // Well-formed multi-byte text still reads.
        const ImportedJob j = importLaunch(tpu, LaunchFormat::MaxText,
                                           "python3 -m maxtext.trainers.pre_train.train base.yml "
                                           "run_name=caf\xC3\xA9 steps=10",
                                           slice);
        QCOMPARE(j.job.name, std::string("caf\xC3\xA9"));
    }

    // Numbers no run has, as a fuzzer writes them: each is refused at the flag that gave it
    // (or named when the framework's default stood in), never overflowed. The first is the
    // fuzzer's crash: a negative accumulation with the batch flag left at its default.
    void hostileNumbers() {
        const Project tpu = emptied("v4-pod-gpt3");
        const std::string base = "python3 -m maxtext.trainers.pre_train.train base.yml ";
        const ImportOptions slice{"4x4x4", 1, 0, ""};
        const auto maxText = [&](const std::string& flags) {
            return errorOf([&] { importLaunch(tpu, LaunchFormat::MaxText, base + flags, slice); });
        };
        std::string e = maxText("gradient_accumulation_steps=-1");
        QVERIFY2(e.find("gradient_accumulation_steps") != std::string::npos &&
                     e.find("positive") != std::string::npos,
                 e.c_str());
        e = maxText("per_device_batch_size=0.001");
        QVERIFY2(e.find("per_device_batch_size") != std::string::npos &&
                     e.find("at least one sequence over 64 chips") != std::string::npos,
                 e.c_str());
        e = maxText("steps=99999999999");
        QVERIFY2(e.find("steps") != std::string::npos &&
                     e.find("at most 2147483647") != std::string::npos,
                 e.c_str());
        e = maxText("steps=2000000000 max_target_length=2000000000");
        QVERIFY2(e.find("2^53") != std::string::npos, e.c_str());
        e = maxText("ici_fsdp_parallelism=2000000000 ici_tensor_parallelism=2000000000");
        QVERIFY2(e.find("2^53") != std::string::npos || e.find("64") != std::string::npos,
                 e.c_str());
        // The MoE and latent-attention shape flags are refused at their line, not dropped.
        e = maxText("num_experts=8 num_experts_per_tok=2 interleave_moe_layer_step=0");
        QVERIFY2(e.find("interleave_moe_layer_step") != std::string::npos &&
                     e.find("from 1 to 16") != std::string::npos,
                 e.c_str());
        e = maxText("num_experts=8 num_experts_per_tok=2 first_num_dense_layers=-1");
        QVERIFY2(e.find("first_num_dense_layers") != std::string::npos, e.c_str());
        e = maxText("attention_type=mla q_lora_rank=-5");
        QVERIFY2(e.find("q_lora_rank") != std::string::npos, e.c_str());

        const Project gpu = emptied("h100-cluster-70b");
        const std::string megatron =
            "torchrun --nproc_per_node 8 --nnodes 2 pretrain_gpt.py --num-layers 4 "
            "--hidden-size 1024 --num-attention-heads 8 --seq-length 2048 --vocab-size 32000 "
            "--micro-batch-size 1 --train-iters 2000000000 --global-batch-size 2000000000";
        e = errorOf([&] { importLaunch(gpu, LaunchFormat::Megatron, megatron, {}); });
        QVERIFY2(e.find("--train-iters") != std::string::npos &&
                     e.find("2^53") != std::string::npos,
                 e.c_str());
        const std::string toml = "[model]\nflavor = \"8B\"\n[training]\nsteps = 2000000000\n"
                                 "local_batch_size = 2000000000\nseq_len = 2000000000\n";
        e = errorOf([&] { importLaunch(gpu, LaunchFormat::Torchtitan, toml, {"", 0, 2, ""}); });
        QVERIFY2(e.find("2^53") != std::string::npos, e.c_str());
    }

    void wrongClusterKinds() {
        const Project tpu = example("v4-pod-gpt3");
        const Project gpu = example("h100-cluster-70b");
        QVERIFY(errorOf([&] {
                    exportLaunch(tpu, 0, LaunchFormat::Megatron);
                }).find("--to maxtext") != std::string::npos);
        QVERIFY(errorOf([&] {
                    exportLaunch(gpu, 0, LaunchFormat::MaxText);
                }).find("--to megatron") != std::string::npos);
        // The message names the framework that needs GPUs.
        QVERIFY(errorOf([&] {
                    exportLaunch(tpu, 0, LaunchFormat::Torchtitan);
                }).find("a GPU cluster (torchtitan runs on GPUs)") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestInteropLaunch)
#include "tst_interop_launch.moc"
