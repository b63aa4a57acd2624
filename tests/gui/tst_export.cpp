// File › Export from the real window (report as PDF, HTML and Markdown; an image of the 3D view
// at a chosen size; CSV of the dashboard, plan and Monte Carlo), and `podplanner report` without
// a display. PDFs are checked with poppler's tools: pages, embedded pictures, and the page text.
#include "main_window_fixture.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

using podplanner::tests::MainWindowFixture;

namespace {
const char* kIronwood = PODPLANNER_SOURCE_DIR "/resources/examples/ironwood-shared.podplanner";

QString runTool(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    p.waitForFinished(60000);
    return QString::fromUtf8(p.readAllStandardOutput());
}

QStringList readLines(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
}
} // namespace

class TestExport : public QObject {
    Q_OBJECT
    MainWindowFixture ui;
    QObject* exporter = nullptr;
    QTemporaryDir dir;

  private slots:
    void initTestCase() {
        QVERIFY(ui.open(QSize(1280, 800)));
        QVERIFY(ui.document.load(kIronwood));
        QVERIFY(ui.waitForEngine());
        exporter = ui.window->findChild<QObject*>("exporter");
        QVERIFY(exporter);
    }
    void cleanupTestCase() { ui.close(); }

    void pdfReportHasPagesChartsAndViews() {
        const QString pdf = dir.filePath("report.pdf");
        bool ok = false;
        QVERIFY(QMetaObject::invokeMethod(exporter, "exportReport", Q_RETURN_ARG(bool, ok),
                                          Q_ARG(QString, QUrl::fromLocalFile(pdf).toString()),
                                          Q_ARG(bool, false)));
        QVERIFY(ok);
        QVERIFY(!exporter->property("busy").toBool());
        QTRY_VERIFY(ui.find("exportMessage")->property("text").toString().startsWith("Wrote"));
        const QString info = runTool("pdfinfo", {pdf});
        QVERIFY2(info.contains("A4"), qPrintable(info));
        const int pages = QRegularExpression("Pages:\\s+(\\d+)").match(info).captured(1).toInt();
        QVERIFY2(pages >= 5, qPrintable(info));
        // Three jobs, each with a badput chart, a goodput-over-time chart and two 3D views.
        const QStringList images =
            runTool("pdfimages", {"-list", pdf}).split('\n', Qt::SkipEmptyParts);
        QVERIFY2(images.size() - 2 >= 12, qPrintable(images.join('\n')));
        const QString text = runTool("pdftotext", {pdf, "-"});
        for (const char* expected :
             {"PodPlanner report", "Badput breakdown of dense-70b",
              "Goodput over time of moe-experiment",
              "Physical view: the racks of small-8b-ablation",
              "Logical view: the torus of dense-70b", "Monte Carlo",
              "Best alternatives from the planner", "Assumptions and sources"})
            QVERIFY2(text.contains(expected), expected);
        // Each job's physical view shows that job among faded others, with the legend printed
        // as text under it (the one drawn into the view is too small on paper).
        QVERIFY(text.contains("Physical view: the racks of moe-experiment (the other jobs faded)"));
        QVERIFY(text.contains("OCS rack") && text.contains("wraparound link"));
        // No number is broken over two lines ("2." over "809 s"), and no heading is the last
        // line of a page; "Where it runs" starts one.
        QVERIFY2(!QRegularExpression("\\d\\.\\n\\d").match(text).hasMatch(), qPrintable(text));
        const QStringList headings = {"Goodput",
                                      "Collectives per step",
                                      "Where a layer's time goes",
                                      "Where it runs",
                                      "Best alternatives from the planner",
                                      "Jobs",
                                      "Cluster",
                                      "Assumptions and sources"};
        for (const QString& page : text.split('\f', Qt::SkipEmptyParts)) {
            QStringList lines = page.split('\n', Qt::SkipEmptyParts);
            while (!lines.isEmpty() &&
                   QRegularExpression("^\\s*\\d+\\s*$").match(lines.last()).hasMatch())
                lines.removeLast(); // the page number
            if (lines.isEmpty())
                continue;
            QVERIFY2(!headings.contains(lines.last().trimmed()) && !lines.last().startsWith("Job "),
                     qPrintable(lines.last()));
            if (page.contains("Where it runs"))
                QCOMPARE(lines.first().trimmed(), QString("Where it runs"));
        }
        // Look at the pages: build/screenshots/report-page-*.png.
        QDir().mkpath(SCREENSHOT_DIR);
        runTool("pdftoppm",
                {"-r", "60", "-f", "1", "-l", "3", "-png", pdf, SCREENSHOT_DIR "/report-page"});
    }

    void htmlIsOneFileAndMarkdownHasItsPngsBeside() {
        const QString html = dir.filePath("report.html");
        const QString md = dir.filePath("report.md");
        bool ok = false;
        QMetaObject::invokeMethod(exporter, "exportReport", Q_RETURN_ARG(bool, ok),
                                  Q_ARG(QString, html), Q_ARG(bool, false));
        QVERIFY(ok);
        QMetaObject::invokeMethod(exporter, "exportReport", Q_RETURN_ARG(bool, ok),
                                  Q_ARG(QString, md), Q_ARG(bool, false));
        QVERIFY(ok);
        const QString htmlText = readLines(html).join('\n');
        QCOMPARE(htmlText.count("<img src=\"data:image/png;base64,"), 12);
        const QString mdText = readLines(md).join('\n');
        const QRegularExpression link("!\\[[^]]*\\]\\((report_files/[^)]+\\.png)\\)");
        int links = 0;
        for (auto it = link.globalMatch(mdText); it.hasNext(); ++links) {
            const QString file = dir.filePath(it.next().captured(1));
            QVERIFY2(!QImage(file).isNull(), qPrintable(file));
        }
        QCOMPARE(links, 12);
    }

    void badReportNameSaysWhatItWants() {
        bool ok = true;
        QSignalSpy failed(exporter, SIGNAL(failed(QString)));
        QMetaObject::invokeMethod(exporter, "exportReport", Q_RETURN_ARG(bool, ok),
                                  Q_ARG(QString, dir.filePath("report.docx")), Q_ARG(bool, false));
        QVERIFY(!ok);
        QCOMPARE(failed.size(), 1);
        QVERIFY(failed.first().first().toString().contains(".pdf, .html or .md"));
        QVERIFY(!QFile::exists(dir.filePath("report.docx")));
    }

    void imageAtChosenSizeShowsTheJobs() {
        const QString png = dir.filePath("view.png");
        bool ok = false;
        QQuickItem* scene = ui.find("scene");
        QMetaObject::invokeMethod(
            exporter, "exportImage", Q_RETURN_ARG(bool, ok), Q_ARG(QString, png), Q_ARG(int, 800),
            Q_ARG(int, 600), Q_ARG(QString, "physical"), Q_ARG(int, 0), Q_ARG(QString, "job"),
            Q_ARG(QVector3D, scene->property("pivotRotation").value<QVector3D>()),
            Q_ARG(QVector3D, scene->property("cameraPosition").value<QVector3D>()));
        QVERIFY(ok);
        const QImage image(png);
        QCOMPARE(image.size(), QSize(800, 600));
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 4)
            for (int x = 0; x < image.width(); x += 4)
                colours.insert(image.pixel(x, y) & 0xf0f0f0);
        QVERIFY2(colours.size() > 20, "the image is nearly one colour: the scene did not draw");
    }

    void csvOfDashboardPlanAndMonteCarlo() {
        bool ok = false;
        const QString dashboard = dir.filePath("dashboard.csv");
        QMetaObject::invokeMethod(exporter, "exportCsv", Q_RETURN_ARG(bool, ok),
                                  Q_ARG(QString, "dashboard"), Q_ARG(QString, dashboard));
        QVERIFY(ok);
        QStringList lines = readLines(dashboard);
        QCOMPARE(lines.size(), 4); // header and three jobs
        QVERIFY(lines[0].startsWith("job,chips,step_time_s,mfu"));
        QVERIFY(lines[1].startsWith("dense-70b,2048,"));

        const QString plan = dir.filePath("plan");
        QMetaObject::invokeMethod(exporter, "exportCsv", Q_RETURN_ARG(bool, ok),
                                  Q_ARG(QString, "plan"), Q_ARG(QString, plan));
        QVERIFY(ok);
        lines = readLines(plan + ".csv");
        QVERIFY(lines.size() > 3);
        QVERIFY(lines[0].startsWith("job,rank,"));
        QVERIFY(lines[1].startsWith("dense-70b,1,"));

        const QString mc = dir.filePath("mc.csv");
        QMetaObject::invokeMethod(exporter, "exportCsv", Q_RETURN_ARG(bool, ok),
                                  Q_ARG(QString, "montecarlo"), Q_ARG(QString, mc));
        QVERIFY(ok);
        lines = readLines(mc);
        QCOMPARE(lines.size(), 1 + 3 * 30); // a row per job and day
        const QStringList lastDay = lines.last().split(',');
        QCOMPARE(lastDay[3], QString("30"));
        const double p5 = lastDay[4].toDouble(), p50 = lastDay[5].toDouble(),
                     p95 = lastDay[6].toDouble();
        QVERIFY(p5 > 0 && p5 <= p50 && p50 <= p95 && p95 <= 1);
    }

    // `podplanner report` with no display still writes the report and its charts, and says why
    // the 3D views are missing.
    void commandLineReportWithoutDisplay() {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove("DISPLAY");
        env.remove("QT_QPA_PLATFORM");
        env.remove("WAYLAND_DISPLAY");
        p.setProcessEnvironment(env);
        const QString md = dir.filePath("headless.md");
        p.start(PODPLANNER_BINARY, {"report", kIronwood, "-o", md, "--trials", "200"});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains("no 3D views"));
        const QString text = readLines(md).join('\n');
        QVERIFY(text.contains("The physical and logical views are missing"));
        QCOMPARE(text.count("](headless_files/"), 6); // the two charts of each job
        QVERIFY(text.contains("Monte Carlo, 200 trials"));
    }
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
