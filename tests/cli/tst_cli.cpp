// The command line, run in-process and as the real binary: exit codes 0 / 1 / 2, errors on
// stderr, and `info --json` with the counts and slice facts the issue names.
#include "cli.h"

#include <QRandomGenerator>
#include <QRegularExpression>
#include <QThread>
#include <QtTest>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using podplanner::app::runCli;

namespace {
struct Run {
    int code;
    std::string out;
    std::string err;
};
Run run(std::vector<std::string> args) {
    std::ostringstream out, err;
    const int code = runCli(args, out, err);
    return {code, out.str(), err.str()};
}
std::string example(const char* name) {
    return std::string(PODPLANNER_SOURCE_DIR "/resources/examples/") + name;
}
// A project file of the tests' own; false when it could not be written.
bool writeText(const QString& path, const char* text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) >= 0;
}
// What a command wrote; false when the file is not there.
bool readText(const std::string& path, QString& text) {
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    text = QString::fromUtf8(f.readAll());
    return true;
}
} // namespace

class CliTest : public QObject {
    Q_OBJECT
  private slots:
    void versionAndHelp() {
        const Run v = run({"--version"});
        QCOMPARE(v.code, 0);
        QVERIFY(QString::fromStdString(v.out).startsWith("podplanner "));
        const Run h = run({"--help"});
        QCOMPARE(h.code, 0);
        for (const char* word : {"validate", "info", "presets", "--max-chips"})
            QVERIFY2(h.out.find(word) != std::string::npos, word);
    }

    void usageErrorsExitTwo_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("unknown option") << QStringList{"--frobnicate"};
        QTest::newRow("validate without file") << QStringList{"validate"};
        QTest::newRow("two files") << QStringList{"info", "a", "b"};
        QTest::newRow("bad limit") << QStringList{"validate", "x", "--max-chips", "lots"};
        QTest::newRow("missing value") << QStringList{"format", "x", "-o"};
    }
    void usageErrorsExitTwo() {
        QFETCH(QStringList, args);
        std::vector<std::string> argv;
        for (const auto& a : args)
            argv.push_back(a.toStdString());
        const Run r = run(argv);
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.empty());
        QVERIFY(r.err.find("--help") != std::string::npos);
    }

    void validateExamplesAndBadFiles() {
        QCOMPARE(run({"validate", example("ironwood-shared.podplanner")}).code, 0);
        const Run bad =
            run({"validate", PODPLANNER_SOURCE_DIR "/tests/data/bad/jobs-overlap.json"});
        QCOMPARE(bad.code, 1);
        QVERIFY(bad.out.empty());
        QVERIFY(bad.err.find("/jobs/1/placement/cubes/0") != std::string::npos);
        QCOMPARE(run({"validate", "/no/such/file"}).code, 1);
    }

    void limitsCanBeRaised() {
        const std::string file = PODPLANNER_SOURCE_DIR "/tests/data/bad/ten-million-chips.json";
        QCOMPARE(run({"validate", file}).code, 1);
        QCOMPARE(run({"validate", file, "--max-chips", "20000000"}).code, 0);
    }

    void infoJsonDescribesTheSlices() {
        const Run r = run({"info", example("ironwood-shared.podplanner"), "--json"});
        QCOMPARE(r.code, 0);
        const auto doc = nlohmann::json::parse(r.out);
        QCOMPARE(doc["cluster"]["counts"]["chips"].get<int>(), 9216);
        QCOMPARE(doc["cluster"]["counts"]["hosts"].get<int>(), 2304);
        QCOMPARE(doc["cluster"]["counts"]["links"]["ici_optical"].get<int>(), 144 * 96);
        const auto& jobs = doc["jobs"];
        QCOMPARE(jobs.size(), std::size_t{3});
        QCOMPARE(jobs[0]["slices"][0]["shape"].get<std::string>(), std::string("8x16x16"));
        QVERIFY(jobs[0]["slices"][0]["wraparound"]["x"].get<bool>());
        QCOMPARE(jobs[0]["slices"][0]["twisted"].get<bool>(), false);
        // 8x16x16 with wraparound: cut across a 16 axis, 2 x 8 x 16 = 256 links of 100 GB/s.
        QCOMPARE(jobs[0]["slices"][0]["bisection_links"].get<double>(), 256.0);
        QCOMPARE(jobs[0]["slices"][0]["bisection_gbyte_s"].get<double>(), 25600.0);
        QCOMPARE(jobs[2]["slices"][0]["cubes"], nlohmann::json::array({140, 141}));
    }

    // 36 NVL72 racks: 18 trays (hosts) each; the job uses 64 GPUs of each of its 32 racks.
    void infoJsonCountsNvl72TraysAndSpares() {
        const Run r = run({"info", example("gb200-nvl72-405b.podplanner"), "--json"});
        QCOMPARE(r.code, 0);
        const auto doc = nlohmann::json::parse(r.out);
        QCOMPARE(doc["cluster"]["counts"]["chips"].get<int>(), 36 * 72);
        QCOMPARE(doc["cluster"]["counts"]["hosts"].get<int>(), 36 * 18);
        const auto& slice = doc["jobs"][0]["slices"][0];
        QCOMPARE(slice["chips"].get<int>(), 2048);
        QCOMPARE(slice["nodes"].get<int>(), 32);
        QCOMPARE(slice["nvlink_domain"].get<int>(), 64);
        QCOMPARE(slice["spare_gpus_per_node"].get<int>(), 8);
    }

    void evaluateJsonHasTheDesignKeys() {
        const Run r = run({"evaluate", example("ironwood-shared.podplanner"), "--json"});
        QCOMPARE(r.code, 0);
        const auto doc = nlohmann::json::parse(r.out);
        QCOMPARE(doc["jobs"].size(), std::size_t{3});
        for (const auto& job : doc["jobs"]) {
            for (const char* key :
                 {"chips", "step_time_s", "compute_s", "exposed_comm_s", "host_wait_s", "bubble_s",
                  "optimizer_s", "eval_s", "mfu", "hfu", "tokens_per_s", "hbm_used_gib_per_chip",
                  "hbm_fits", "collectives", "time_to_train_days", "goodput", "energy_kwh",
                  "cost_usd"})
                QVERIFY2(job.contains(key), key);
            for (const char* key : {"expected", "interruptions_per_day", "job_mtbf_h",
                                    "checkpoint_interval_min", "badput"})
                QVERIFY2(job["goodput"].contains(key), key);
            for (const char* key :
                 {"checkpoint", "lost_progress", "restart", "degraded", "sdc", "maintenance"})
                QVERIFY2(job["goodput"]["badput"].contains(key), key);
            const double g = job["goodput"]["expected"].get<double>();
            QVERIFY(g > 0 && g <= 1);
            for (const auto& c : job["collectives"])
                for (const char* key : {"kind", "axis", "bytes", "time_s", "exposed_s"})
                    QVERIFY2(c.contains(key), key);
            // Where a layer's time goes: every operation, each pass, in milliseconds.
            const auto& layer = job["layer"];
            QVERIFY(layer["tokens_per_microbatch"].get<double>() > 0);
            for (const char* pass : {"forward_ms", "backward_ms"}) {
                QCOMPARE(layer[pass].size(), std::size_t{8});
                for (const char* op :
                     {"norm1", "qkv", "attention", "out_proj", "mlp_in", "mlp_out"})
                    QVERIFY2(layer[pass][op].get<double>() > 0, op);
            }
            QVERIFY(layer["head"]["forward_ms"].get<double>() > 0);
            // How far to trust the step time: the kind of plan and its held-out runs.
            const auto& accuracy = job["accuracy"];
            QVERIFY(accuracy["class"].get<std::string>().rfind("tpu-", 0) == 0);
            QVERIFY(accuracy["holdout_runs"].get<int>() > 0);
            QVERIFY(accuracy["median_abs_error"].get<double>() <=
                    accuracy["p90_abs_error"].get<double>());
        }
        // The MoE job is read against MoE runs, the dense ones against dense runs.
        QCOMPARE(doc["jobs"][1]["accuracy"]["class"].get<std::string>(), std::string("tpu-moe"));
        QCOMPARE(doc["jobs"][0]["accuracy"]["class"].get<std::string>(), std::string("tpu-dense"));
        const Run text = run({"evaluate", example("ironwood-shared.podplanner")});
        QVERIFY2(text.out.find("  accuracy: on ") != std::string::npos &&
                     text.out.find("mixture-of-experts models on TPUs held out from fitting") !=
                         std::string::npos,
                 text.out.c_str());
        const Run one =
            run({"evaluate", example("ironwood-shared.podplanner"), "--job", "2", "--json"});
        QCOMPARE(nlohmann::json::parse(one.out)["jobs"][0]["job"].get<std::string>(),
                 std::string("moe-experiment"));
        QCOMPARE(run({"evaluate", example("ironwood-shared.podplanner"), "--job", "9"}).code, 1);
    }

    void planAndSimulate() {
        const Run plan = run({"plan", example("v4-pod-gpt3.podplanner"), "--top", "3", "--json"});
        QCOMPARE(plan.code, 0);
        const auto p = nlohmann::json::parse(plan.out);
        QCOMPARE(p["top"].size(), std::size_t{3});
        QVERIFY(p["layouts_evaluated"].get<long>() > 0);
        QVERIFY(p.contains("elapsed_s"));
        const Run a = run({"simulate", example("v4-pod-gpt3.podplanner"), "--trials", "200",
                           "--days", "10", "--seed", "3", "--json"});
        const Run b = run({"simulate", example("v4-pod-gpt3.podplanner"), "--trials", "200",
                           "--days", "10", "--seed", "3", "--json"});
        QCOMPARE(a.code, 0);
        QCOMPARE(a.out, b.out); // same seed, same result
        const auto s = nlohmann::json::parse(a.out);
        QVERIFY(s["goodput"]["p5"].get<double>() <= s["goodput"]["p95"].get<double>());
        QVERIFY(s.contains("timeline"));
    }

    // A capped chip slows every step: the report says so beside the chip, with the measured rate.
    void reportSaysThePowerCap() {
        QTemporaryDir tmp;
        const QString path = tmp.filePath("capped.podplanner");
        QVERIFY(writeText(path, R"({"format": "podplanner-project", "version": 1, "name": "capped",
            "cluster": {"preset": "h100-cluster", "overrides": {"pod": {"nodes": 1},
                        "chip": {"power_limit_w": 500}}},
            "jobs": [{"name": "j", "placement": {"nodes": 1},
                "model": {"layers": 8, "d_model": 2048, "heads": 16, "kv_heads": 8,
                          "head_dim": 128, "ffn": 8192, "vocab": 32000, "seq_len": 4096},
                "training": {"global_batch_tokens": 262144, "total_tokens": 10000000000},
                "parallelism": {"dp": 8}}]})"));
        const std::string md = tmp.filePath("capped.md").toStdString();
        QCOMPARE(run({"report", path.toStdString(), "-o", md}).code, 0);
        QString text;
        QVERIFY(readText(md, text));
        QVERIFY2(text.contains("Every chip is capped at 500 W (rated 700 W): its compute runs at "
                               "91.5% of the uncapped rate"),
                 qPrintable(text.left(1500)));
        const Run evaluated = run({"evaluate", path.toStdString()});
        QVERIFY2(evaluated.out.find("  capped at 500 W: compute at 91.5% of the uncapped rate\n") !=
                     std::string::npos,
                 evaluated.out.c_str());
    }

    void reportsInMarkdownAndHtml() {
        QTemporaryDir tmp;
        const std::string md = tmp.filePath("r.md").toStdString();
        const std::string html = tmp.filePath("r.html").toStdString();
        QCOMPARE(run({"report", example("ironwood-shared.podplanner"), "-o", md}).code, 0);
        QCOMPARE(run({"report", example("ironwood-shared.podplanner"), "-o", html}).code, 0);
        QFile m(QString::fromStdString(md)), h(QString::fromStdString(html));
        QVERIFY(m.open(QIODevice::ReadOnly) && h.open(QIODevice::ReadOnly));
        const QString markdown = QString::fromUtf8(m.readAll());
        const QString page = QString::fromUtf8(h.readAll());
        for (const char* section :
             {"# PodPlanner report", "## Cluster", "## Jobs", "### Collectives per step",
              "### Where a layer's time goes", "| mlp_in |", "### Goodput",
              "### Best alternatives from the planner", "## Assumptions and sources"})
            QVERIFY2(markdown.contains(section), section);
        QVERIFY(markdown.contains("dense-70b") && markdown.contains("moe-experiment"));
        QVERIFY(!markdown.contains("capped at")); // no cap, no sentence
        QVERIFY(markdown.contains("Accuracy of the step time: on "));
        QVERIFY(QRegularExpression(R"(\| \d+\.\d{3} s ±\d+\.\d% \|)").match(markdown).hasMatch());
        // One self-contained file: no external scripts, styles or images.
        QVERIFY(page.startsWith("<!DOCTYPE html>"));
        QVERIFY(!page.contains("src=\"http") && !page.contains("href=\"http"));
        QVERIFY(page.contains("<svg"));
        // A chip with a list price (v5p, $4.20 a chip-hour) fills the cost column; Ironwood,
        // without one, says so.
        QVERIFY(markdown.contains("| no price |"));
        const QString priced = tmp.filePath("v5p.podplanner");
        QVERIFY(writeText(priced, R"({"format": "podplanner-project", "version": 1, "name": "v5p",
            "cluster": {"preset": "tpu-v5p-pod"},
            "jobs": [{"name": "j", "placement": {"pod": 0, "shape": "4x4x4"},
                "model": {"layers": 8, "d_model": 2048, "heads": 16, "kv_heads": 8,
                          "head_dim": 128, "ffn": 8192, "vocab": 32000, "seq_len": 4096},
                "training": {"global_batch_tokens": 1048576, "total_tokens": 10000000000,
                             "eval_interval_steps": 10, "eval_tokens": 2097152},
                "parallelism": {"fsdp": 64}}]})"));
        const std::string pricedMd = tmp.filePath("v5p.md").toStdString();
        QCOMPARE(run({"report", priced.toStdString(), "-o", pricedMd}).code, 0);
        QString pricedText;
        QVERIFY(readText(pricedMd, pricedText));
        QVERIFY2(
            QRegularExpression("\\| j \\| [0-9.]+% \\| [0-9.]+ days \\| [^|]+ \\| \\$[0-9.]+M \\|")
                .match(pricedText)
                .hasMatch(),
            qPrintable(pricedText.left(2000)));
        // Its evaluation, every 10 steps over two batches, is a term of the step.
        QVERIFY2(QRegularExpression("s \\+ optimizer [0-9.]+ s \\+ evaluation [0-9.]+ s; HFU")
                     .match(pricedText)
                     .hasMatch(),
                 qPrintable(pricedText.left(3000)));
        QCOMPARE(run({"report", example("ironwood-shared.podplanner"), "-o", "r.pdf"}).code, 1);
        QCOMPARE(run({"report", example("ironwood-shared.podplanner")}).code, 2);
    }

    void formatRewritesCanonically() {
        QTemporaryDir tmp;
        const QString copy = tmp.filePath("c.podplanner");
        QFile::copy(QString::fromStdString(example("v4-pod-gpt3.podplanner")), copy);
        QFile::setPermissions(copy, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QCOMPARE(run({"format", copy.toStdString()}).code, 0);
        QFile a(copy), b(QString::fromStdString(example("v4-pod-gpt3.podplanner")));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(a.readAll(), b.readAll());
    }

    // export -> a file; import infragraph -> a new project; import megatron -> a job added to it
    // (atomically saved); the errors name the flag and exit 1, a wrong command line exits 2.
    void exportAndImport() {
        QTemporaryDir tmp;
        const std::string dir = tmp.path().toStdString();
        const Run e = run({"export", example("h100-cluster-70b.podplanner"), "--to", "megatron",
                           "-o", dir + "/m.sh"});
        QCOMPARE(e.code, 0);
        QFile script(QString::fromStdString(dir + "/m.sh"));
        QVERIFY(script.open(QIODevice::ReadOnly));
        QVERIFY(script.readAll().contains("--tensor-model-parallel-size 8"));
        const Run g = run({"import", "infragraph",
                           std::string(PODPLANNER_SOURCE_DIR) +
                               "/resources/examples/infragraph/dgx-h100-2-tier-clos.json",
                           "-o", dir + "/dgx.podplanner"});
        QCOMPARE(g.code, 0);
        QVERIFY(g.out.find("128 chips of NVIDIA H100") != std::string::npos);
        const Run i = run({"import", "megatron", dir + "/m.sh", "--into", dir + "/dgx.podplanner",
                           "--nodes", "16"});
        QCOMPARE(i.code, 0);
        QVERIFY2(i.out.find("dp 2 x fsdp 1 x tp 8 x pp 8") != std::string::npos, i.out.c_str());
        QVERIFY(i.out.find("no longer matches the flags") != std::string::npos);
        QCOMPARE(run({"validate", dir + "/dgx.podplanner"}).code, 0);
        QCOMPARE(run({"evaluate", dir + "/dgx.podplanner", "--json"}).code, 0);

        QFile bad(QString::fromStdString(dir + "/bad.sh"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("torchrun --nnodes 1 pretrain_gpt.py --num-layers 2 --hidden-size 64 "
                  "--num-attention-heads 2 --tensor-model-parallel-size 3\n");
        bad.close();
        const Run b =
            run({"import", "megatron", dir + "/bad.sh", "--into", dir + "/dgx.podplanner"});
        QCOMPARE(b.code, 1);
        QVERIFY2(b.err.find("line 1, --tensor-model-parallel-size") != std::string::npos,
                 b.err.c_str());
        QCOMPARE(run({"import", "megatron", dir + "/bad.sh"}).code, 2);
        // A job name goes into the project file, which holds UTF-8 text only.
        const Run n = run({"import", "megatron", dir + "/m.sh", "--into", dir + "/dgx.podplanner",
                           "--nodes", "16", "--name", "caf\xC3"});
        QCOMPARE(n.code, 2);
        QVERIFY2(n.err.find("--name expects UTF-8 text, got \"caf\\xC3\"") != std::string::npos,
                 n.err.c_str());
        // Without a name anywhere the file's names the job, unless it is not UTF-8. (Qt cannot
        // name such a file, so the standard library writes and removes it.)
        const std::string oddName = dir + "/job\xFF.sh";
        std::ofstream(oddName) << "torchrun --nproc_per_node 8 --nnodes 1 pretrain_gpt.py "
                                  "--num-layers 4 --hidden-size 1024 --num-attention-heads 8 "
                                  "--seq-length 2048 --vocab-size 32000 --micro-batch-size 1 "
                                  "--global-batch-size 64 --train-iters 100\n";
        QCOMPARE(run({"import", "infragraph",
                      std::string(PODPLANNER_SOURCE_DIR) +
                          "/resources/examples/infragraph/dgx-h100-2-tier-clos.json",
                      "-o", dir + "/empty.podplanner"})
                     .code,
                 0);
        const Run odd = run({"import", "megatron", oddName, "--into", dir + "/empty.podplanner",
                             "--nodes", "1", "-o", dir + "/odd.podplanner"});
        std::remove(oddName.c_str());
        QVERIFY2(odd.code == 0, odd.err.c_str());
        std::ifstream written(dir + "/odd.podplanner");
        const nlohmann::json project = nlohmann::json::parse(written);
        QCOMPARE(project["jobs"].back()["name"].get<std::string>(), std::string("imported"));
        QCOMPARE(run({"export", example("h100-cluster-70b.podplanner"), "--to", "jax"}).code, 2);
        const Run y = run({"import", "infragraph", dir + "/bad.sh", "-o", dir + "/x.podplanner"});
        QCOMPARE(y.code, 1);
        const Run ig = run({"export", example("v4-pod-gpt3.podplanner"), "--to", "infragraph"});
        QCOMPARE(ig.code, 0);
        QCOMPARE(nlohmann::json::parse(ig.out)["instances"][0]["count"].get<int>(), 64);
    }

    // `import FORMAT -` reads the launch config from standard input, as in a pipe from
    // `export`: the real binary, fed through its stdin.
    void importReadsStandardInput() {
        QTemporaryDir tmp;
        const QString into = tmp.filePath("into.podplanner");
        QVERIFY(QFile::copy(QString::fromStdString(example("h100-cluster-70b.podplanner")), into));
        const Run e = run({"export", example("h100-cluster-70b.podplanner"), "--to", "megatron"});
        QCOMPARE(e.code, 0);
        QProcess p;
        p.start(PODPLANNER_BINARY, {"import", "megatron", "-", "--into", into, "--nodes", "16",
                                    "-o", tmp.filePath("out.podplanner")});
        QVERIFY(p.waitForStarted(30000));
        p.write(QByteArray::fromStdString(e.out));
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(30000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const auto out = nlohmann::json::parse(
            run({"info", tmp.filePath("out.podplanner").toStdString(), "--json"}).out);
        QCOMPARE(out["jobs"].size(), std::size_t{2});
        // Nothing on stdin is an error that says what was expected, not a hang or a crash.
        p.start(PODPLANNER_BINARY, {"import", "megatron", "-", "--into", into});
        QVERIFY(p.waitForStarted(30000));
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(!p.readAllStandardError().isEmpty());
    }

    // A save killed at any moment leaves the old file or the new one, never a mix.
    void killedSaveLeavesOldOrNewFile() {
        QTemporaryDir tmp;
        const QString path = tmp.filePath("p.podplanner");
        // A non-canonical copy (one line), so the formatted file differs from it.
        QFile source(QString::fromStdString(example("multisite-405b.podplanner")));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QByteArray canonical = source.readAll();
        const QByteArray compact = QByteArray::fromStdString(
            nlohmann::ordered_json::parse(canonical.toStdString()).dump());
        QRandomGenerator random(7);
        int killedMidway = 0;
        for (int attempt = 0; attempt < 40; ++attempt) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(compact);
            f.close();
            QProcess p;
            p.start(PODPLANNER_BINARY, {"format", path});
            QVERIFY(p.waitForStarted());
            QThread::usleep(random.bounded(30000));
            p.kill();
            p.waitForFinished();
            QFile after(path);
            QVERIFY(after.open(QIODevice::ReadOnly));
            const QByteArray content = after.readAll();
            QVERIFY2(content == compact || content == canonical, "a half-written project");
            killedMidway += content == compact ? 1 : 0;
        }
        // Some runs were killed before the rename, some after: both outcomes were exercised.
        QVERIFY(killedMidway > 0);
    }

    void realBinaryExitCodes() {
        QProcess p;
        p.start(PODPLANNER_BINARY, {"presets"});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray out = p.readAllStandardOutput();
        for (const char* id :
             {"tpu-v4-pod", "tpu-v5p-pod", "tpu-ironwood-pod", "tpu-v5e-pod", "a100-cluster",
              "h100-cluster", "ironwood-multisite", "b200", "h200-sxm"})
            QVERIFY2(out.contains(id), id);
        p.start(PODPLANNER_BINARY,
                {"validate", PODPLANNER_SOURCE_DIR "/tests/data/bad/newer-version.json"});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAllStandardError().contains("newer PodPlanner"));
    }
};

QTEST_GUILESS_MAIN(CliTest)
#include "tst_cli.moc"
