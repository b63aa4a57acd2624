// What `podplanner WORD ...` does before any window: every subcommand's --help, a mistyped
// command, a missing project file, and the GUI with no display at all or an unreachable one.
// Run as the real binary with DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM unset: none of these
// may need a display, and none may abort.
#include "cli.h"
#include "cli_help.h"
#include "display_check.h"

#include <QProcess>
#include <QStringDecoder>
#include <QtTest>
#include <sstream>

namespace {
struct Result {
    int code = -1;
    bool crashed = true;
    QString out, err;
};
Result runBinary(const QStringList& args, const QString& display = {}) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(name);
    if (!display.isEmpty())
        env.insert("DISPLAY", display);
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(PODPLANNER_BINARY, args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitCode(), p.exitStatus() != QProcess::NormalExit,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}
std::pair<int, std::string> runInProcess(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = podplanner::app::runCli(args, out, err);
    return {code, err.str()};
}
bool isValidUtf8(const std::string& bytes) {
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder(QByteArray::fromStdString(bytes));
    return !decoder.hasError();
}
const QString kExample = PODPLANNER_SOURCE_DIR "/resources/examples/v4-pod-gpt3.podplanner";
} // namespace

class CliRoutingTest : public QObject {
    Q_OBJECT
  private slots:
    void everySubcommandHasHelp_data() {
        QTest::addColumn<QString>("command");
        for (const std::string& name : podplanner::app::commandNames())
            QTest::newRow(name.c_str()) << QString::fromStdString(name);
    }
    void everySubcommandHasHelp() {
        QFETCH(QString, command);
        for (const char* flag : {"--help", "-h"}) {
            const Result r = runBinary({command, "x.podplanner", flag});
            QCOMPARE(r.code, 0);
            QVERIFY2(r.out.startsWith("Usage: podplanner " + command), qPrintable(r.out));
            QVERIFY2(r.out.contains("Exit codes"), qPrintable(r.out));
            QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        }
        QVERIFY(runBinary({"--help"}).out.contains("  podplanner " + command + " "));
    }

    void usageErrorsNeedNoDisplay_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("render without -o") << QStringList{"render", kExample};
        QTest::newRow("render bad size")
            << QStringList{"render", kExample, "-o", "a.png", "--size", "big"};
        QTest::newRow("report without -o") << QStringList{"report", kExample};
        QTest::newRow("unknown option") << QStringList{"validate", kExample, "--frobnicate"};
    }
    void usageErrorsNeedNoDisplay() {
        QFETCH(QStringList, args);
        const Result r = runBinary(args);
        QVERIFY(!r.crashed);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--help"), qPrintable(r.err));
    }

    void mistypedCommandSuggestsOne() {
        Result r = runBinary({"validat", kExample});
        QCOMPARE(r.code, 2);
        QVERIFY2(
            r.err.startsWith("error: unknown command \"validat\" (did you mean \"validate\"?)"),
            qPrintable(r.err));
        r = runBinary({"frobnicate", "x"});
        QVERIFY(!r.crashed);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.startsWith("error: unknown command \"frobnicate\""), qPrintable(r.err));
        QVERIFY2(r.err.contains("validate, info, format"), qPrintable(r.err)); // the commands
    }

    void missingProjectFileGetsTheLoadersError() {
        const Result r = runBinary({"missing-file.podplanner"});
        QVERIFY(!r.crashed);
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err, QString("error: missing-file.podplanner: cannot open: No such file or "
                                "directory\n"));
        QCOMPARE(runBinary({"/no/such/folder/plan.podplanner"}).code, 1);
    }

    // In-process: bytes that are not UTF-8 in the command line come back escaped.
    void argumentsThatAreNotUtf8ShowEscaped() {
        auto [code, err] = runInProcess({"validate", "/no/such/\xff\xfe.podplanner"});
        QCOMPARE(code, 1);
        QVERIFY2(err.find("/no/such/\\xFF\\xFE.podplanner: cannot open") != std::string::npos,
                 err.c_str());
        QVERIFY(isValidUtf8(err));
        std::tie(code, err) = runInProcess({"\xff\x1b[2J"});
        QCOMPARE(code, 2);
        QVERIFY2(err.find("unknown command \"\\xFF\\x1B[2J\"") != std::string::npos, err.c_str());
        QVERIFY(isValidUtf8(err));
        std::tie(code, err) = runInProcess({"info", "a", "--\xc3"});
        QCOMPARE(code, 2);
        QVERIFY2(err.find("unknown option --\\xC3") != std::string::npos, err.c_str());
    }

    void displayIsReadFromTheEnvironment() {
        const auto with = [](const char* display, const char* wayland, const char* platform) {
            const auto set = [](const char* name, const char* value) {
                value ? qputenv(name, value) : qunsetenv(name);
            };
            set("DISPLAY", display);
            set("WAYLAND_DISPLAY", wayland);
            set("QT_QPA_PLATFORM", platform);
            return podplanner::app::displayAvailable();
        };
        const QByteArray saved[] = {qgetenv("DISPLAY"), qgetenv("WAYLAND_DISPLAY"),
                                    qgetenv("QT_QPA_PLATFORM")};
        QVERIFY(!with(nullptr, nullptr, nullptr));
        QVERIFY(!with("", nullptr, nullptr));
        QVERIFY(with(":0", nullptr, nullptr));
        QVERIFY(with(nullptr, "wayland-0", nullptr));
        QVERIFY(with(nullptr, nullptr, "offscreen"));
        QVERIFY(!with(nullptr, nullptr, "xcb"));
        QVERIFY(!with(":0", nullptr, "wayland"));
        QVERIFY(with(nullptr, "wayland-0", "wayland;xcb"));
        QVERIFY(with(":0", nullptr, "wayland;xcb"));
        QVERIFY(with(":0", nullptr, "xcb:nograb"));
        int i = 0;
        for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) {
            const QByteArray& value = saved[i++];
            value.isNull() ? qunsetenv(name) : qputenv(name, value);
        }
    }

#ifdef PODPLANNER_WITH_GUI
    void guiWithoutDisplaySaysSoInOneLine() {
        const QString line = QString(podplanner::app::kNoDisplayMessage) + "\n";
        for (const QStringList& args : {QStringList{}, QStringList { kExample }}) {
            const Result r = runBinary(args);
            QVERIFY(!r.crashed);
            QCOMPARE(r.code, 1);
            QCOMPARE(r.err, line);
        }
        const Result render = runBinary({"render", kExample, "-o", "a.png"});
        QCOMPARE(render.code, 1);
        QVERIFY2(render.err.startsWith("no display: render draws in a window"),
                 qPrintable(render.err));
    }

    // DISPLAY names a server that is not there: Qt's abort becomes the same line and exit 1.
    void unreachableDisplayEndsCleanly() {
        const Result r = runBinary({kExample}, ":4321");
        QVERIFY2(!r.crashed, qPrintable(r.err));
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.startsWith("no display (could not connect to display :4321)"),
                 qPrintable(r.err));
    }
#else
    void buildWithoutGuiSaysSo() {
        const Result r = runBinary({});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("no GUI"));
        QCOMPARE(runBinary({"render", kExample, "-o", "a.png"}).code, 2);
    }
#endif
};

QTEST_GUILESS_MAIN(CliRoutingTest)
#include "tst_cli_routing.moc"
