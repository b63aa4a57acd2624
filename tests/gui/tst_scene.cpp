// The 3D scene in a real window (xvfb): a failed chip's colour appears where that chip projects;
// picking at that point returns that chip; the logical view of a 4x4x4 slice has its wraparound
// arcs and a 2x2x4 slice none; colour modes (mesh-axis groups, power rows, link utilization);
// power-row outlines and optical links; chips drawn near the camera when it comes close.
#include "analysis/project_analysis.h"
#include "chip_coloring.h"
#include "job_list_model.h"
#include "project_document.h"
#include "scene_controller.h"
#include "scene_layout.h"
#include "topology/topology.h"

#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickView>
#include <QtTest>

#include <algorithm>
#include <map>
#include <set>

using namespace podplanner::views;

namespace {
const char* kIronwood = PODPLANNER_SOURCE_DIR "/resources/examples/ironwood-shared.podplanner";

QString writeProject(QTemporaryDir& dir, const QString& shape, int fsdp) {
    const QString path = dir.filePath(shape + ".podplanner");
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(QString(R"({"format": "podplanner-project", "version": 1, "name": "s",
      "cluster": {"preset": "tpu-v4-pod"},
      "jobs": [{"name": "j",
        "model": {"layers": 32, "d_model": 4096, "heads": 32, "kv_heads": 8, "head_dim": 128,
                  "ffn": 14336, "vocab": 128256, "seq_len": 8192},
        "training": {"global_batch_tokens": 4194304, "total_tokens": 100000000000},
        "parallelism": {"fsdp": %1},
        "placement": {"pod": 0, "shape": "%2"}}]})")
                .arg(fsdp)
                .arg(shape)
                .toUtf8());
    return path;
}
} // namespace

class SceneTest : public QObject {
    Q_OBJECT
    ProjectDocument document_;
    SceneController controller_;
    QQuickView* view_ = nullptr;

    QQuickItem* viewport() { return view_->rootObject()->property("view3d").value<QQuickItem*>(); }
    QPointF project(const QVector3D& scene) {
        QVector3D out;
        QMetaObject::invokeMethod(viewport(), "mapFrom3DScene", Q_RETURN_ARG(QVector3D, out),
                                  Q_ARG(QVector3D, scene));
        return {out.x(), out.y()};
    }
    QVector3D unproject(QPointF at, float depth) {
        QVector3D out;
        QMetaObject::invokeMethod(viewport(), "mapTo3DScene", Q_RETURN_ARG(QVector3D, out),
                                  Q_ARG(QVector3D, QVector3D(float(at.x()), float(at.y()), depth)));
        return out;
    }
    // Items made by a Repeater are the view's items but not its QObject children.
    QQuickItem* itemNamed(const QString& name, QQuickItem* from = nullptr) {
        from = from ? from : view_->rootObject();
        if (from->objectName() == name)
            return from;
        for (QQuickItem* child : from->childItems())
            if (QQuickItem* found = itemNamed(name, child))
                return found;
        return nullptr;
    }
    QImage settle(const char* name) {
        QTest::qWait(400);
        const QImage image = view_->grabWindow();
        QDir().mkpath(SCREENSHOT_DIR);
        image.save(QStringLiteral(SCREENSHOT_DIR "/%1.png").arg(name));
        return image;
    }

  private slots:
    void initTestCase() {
        QVERIFY(document_.load(PODPLANNER_SOURCE_DIR "/resources/examples/v4-pod-gpt3.podplanner"));
        controller_.setDocument(&document_);
        view_ = new QQuickView;
        view_->engine()->addImportPath("qrc:/");
        view_->setInitialProperties({{"controller", QVariant::fromValue(&controller_)}});
        view_->setResizeMode(QQuickView::SizeRootObjectToView);
        view_->setSource(QUrl("qrc:/PodPlanner/Scene/Scene.qml"));
        QCOMPARE(view_->status(), QQuickView::Ready);
        view_->resize(900, 700);
        view_->show();
        QVERIFY(QTest::qWaitForWindowExposed(view_));
    }

    void failedChipIsRedWhereItProjectsAndPicksBack() {
        QVERIFY(controller_.showChips());
        // Every chip, the 6 OCS racks, the pod's DCN switch and the site router.
        QCOMPARE(controller_.boxCount(), 4096 + 6 + 2);
        // Seen from the top, a chip on a cube's top layer (z = 3) is not hidden.
        QMetaObject::invokeMethod(view_->rootObject(), "cameraPreset", Q_ARG(QVariant, "top"));
        const qint64 chip = 3 * 16 + 1 * 4 + 2 + 64 * 27; // cube 27 (mid-floor), chip (2, 1, 3)
        controller_.setChipFailed(chip, true);
        const QImage image = settle("scene-failed-chip");
        const QPointF at = project(controller_.chipScenePosition(chip));
        QVERIFY2(QRectF(0, 0, 900, 700).contains(at),
                 qPrintable(QString("%1,%2").arg(at.x()).arg(at.y())));
        const QColor pixel = image.pixelColor(at.toPoint() * image.devicePixelRatio());
        QVERIFY2(pixel.red() > 150 && pixel.green() < 110 && pixel.blue() < 110,
                 qPrintable(pixel.name()));
        // Picking at the same point returns the same chip.
        const QVector3D near = unproject(at, 0), far = unproject(at, 1000);
        const QVariantMap hit = controller_.pickRay(near, far - near);
        QCOMPARE(hit.value("chip").toLongLong(), chip);
        QVERIFY(hit.value("label").toString().contains("FAILED"));
        // Repaired, the same place shows the job's colour again.
        controller_.setChipFailed(chip, false);
        const QColor repaired =
            settle("scene-repaired").pixelColor(at.toPoint() * image.devicePixelRatio());
        QVERIFY2(!(repaired.red() > 150 && repaired.green() < 110), qPrintable(repaired.name()));
    }

    void logicalViewHasWraparoundArcsOnlyOnWholeCubes() {
        QTemporaryDir dir;
        QVERIFY(document_.load(writeProject(dir, "4x4x4", 64)));
        controller_.setView("logical");
        QCOMPARE(controller_.boxCount(), 64);
        QCOMPARE(controller_.wraparoundArcs(), 3 * 16); // one per ring on each of the 3 axes
        QCOMPARE(controller_.opticalLinksInSlice(), 0); // one cube: electrical inside
        QVERIFY(controller_.arcs()->segmentCount() > 0);
        settle("scene-logical-4x4x4");
        QVERIFY(document_.load(writeProject(dir, "2x2x4", 16)));
        QCOMPARE(controller_.boxCount(), 16);
        QCOMPARE(controller_.wraparoundArcs(), 0); // below a cube: no wraparound at all
        QCOMPARE(controller_.arcs()->segmentCount(), 0);
        QVERIFY(controller_.links()->segmentCount() > 0);
        controller_.setView("physical");
    }

    // With smooth edges the links are strips three units wide, not one-pixel lines: the same
    // segments, drawn as triangles, and more of the picture is link.
    void thickLinksWithSmoothEdges() {
        QTemporaryDir dir;
        QVERIFY(document_.load(writeProject(dir, "4x4x4", 64)));
        controller_.setView("logical");
        const int links = controller_.links()->segmentCount();
        QCOMPARE(controller_.links()->ribbonWidth(), 0.0f);
        const QImage thin = settle("scene-logical-thin-links");
        view_->rootObject()->setProperty("smoothEdges", true);
        QCOMPARE(controller_.thickLinks(), true);
        QCOMPARE(controller_.links()->segmentCount(), links);
        QVERIFY(controller_.links()->ribbonWidth() > 0 && controller_.arcs()->ribbonWidth() > 0);
        QCOMPARE(controller_.links()->primitiveType(), QQuick3DGeometry::PrimitiveType::Triangles);
        const QImage thick = settle("scene-logical-thick-links");
        // The wraparound arcs' orange covers more pixels drawn as strips.
        auto orange = [](const QImage& image) {
            int n = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x) {
                    const QColor c = image.pixelColor(x, y);
                    n += c.red() > 200 && c.green() > 120 && c.green() < 200 && c.blue() < 80;
                }
            return n;
        };
        QVERIFY2(orange(thick) > orange(thin) * 3 / 2,
                 qPrintable(QString("%1 -> %2").arg(orange(thin)).arg(orange(thick))));
        view_->rootObject()->setProperty("smoothEdges", false);
        QCOMPARE(controller_.links()->ribbonWidth(), 0.0f);
        controller_.setView("physical");
    }

    // tp is laid on x in the Ironwood example's first job: each x line of its torus is one tp
    // group (one colour along it, neighbouring lines apart); each x plane is one fsdp group.
    void meshAxisGroupsColourTheTorus() {
        QVERIFY(document_.load(kIronwood));
        controller_.setJob(0);
        controller_.setView("logical");
        controller_.setColorMode("tp");
        std::map<std::pair<int, int>, std::set<QRgb>> byLine;
        std::set<QRgb> colours;
        for (const Box& b : controller_.boxes()->boxes()) {
            byLine[{qRound(b.center.y()), qRound(b.center.z())}].insert(b.color.rgb());
            colours.insert(b.color.rgb());
        }
        QCOMPARE(controller_.boxCount(), 2048);
        // 8x16x16 of 4x4x4 cubes: between cubes the links are optical, one plane of 16x16 on x
        // (between x 3 and 4), three of 8x16 on y and three on z.
        QCOMPARE(controller_.opticalLinksInSlice(), 1 * 16 * 16 + 3 * 8 * 16 + 3 * 8 * 16);
        QCOMPARE(byLine.size(), std::size_t{256});
        for (const auto& [line, lineColours] : byLine)
            QCOMPARE(lineColours.size(), std::size_t{1});
        QVERIFY(colours.size() >= 5);
        settle("scene-logical-tp-groups");
        controller_.setColorMode("fsdp");
        std::map<int, std::set<QRgb>> byPlane;
        for (const Box& b : controller_.boxes()->boxes())
            byPlane[qRound(b.center.x())].insert(b.color.rgb());
        QCOMPARE(byPlane.size(), std::size_t{8});
        std::set<QRgb> planeColours;
        for (const auto& [x, planeColour] : byPlane) {
            QCOMPARE(planeColour.size(), std::size_t{1});
            planeColours.insert(*planeColour.begin());
        }
        QCOMPARE(planeColours.size(), std::size_t{8});
        settle("scene-logical-fsdp-groups");
    }

    // Link utilization: the job's chips take the colour of its busiest torus axis (tp's
    // collectives keep x busy for over half the step: lighter than the ramp's middle).
    void utilizationColoursByBusiestAxis() {
        controller_.setColorMode("utilization");
        std::set<QRgb> colours;
        for (const Box& b : controller_.boxes()->boxes())
            colours.insert(b.color.rgb());
        QCOMPARE(colours.size(), std::size_t{1});
        const QColor c = QColor::fromRgb(*colours.begin());
        const auto luminance = [](const QColor& x) {
            return 0.2126 * x.redF() + 0.7152 * x.greenF() + 0.0722 * x.blueF();
        };
        QVERIFY2(luminance(c) > luminance(ChipColoring::utilizationColor(0.5)),
                 qPrintable(c.name()));
        QVERIFY(controller_.legend().first().toMap().value("label").toString().contains("busy"));
        settle("scene-logical-utilization");
        controller_.setColorMode("job");
        controller_.setView("physical");
    }

    // The floor: a grid under the racks, every row named with its power row, and the power
    // rows' outlines drawn light when the view's background is dark.
    void floorGridAndRowNames() {
        const auto analysis = document_.analysis();
        std::map<std::pair<int, int>, int> rowPowerRow; // (site, row) -> power row
        for (const auto& r : analysis->topology->floor().racks)
            rowPowerRow.try_emplace({r.site, r.row}, r.powerRow);
        QVERIFY(controller_.floorGrid()->segmentCount() > 4);
        const QVariantList labels = controller_.floorLabels();
        QCOMPARE(labels.size(), static_cast<qsizetype>(rowPowerRow.size()));
        for (const auto& [row, powerRow] : rowPowerRow) {
            const QString name = QString("Row %1 · power row %2").arg(row.second).arg(powerRow);
            QVERIFY2(std::any_of(labels.begin(), labels.end(),
                                 [&](const QVariant& l) { return l.toMap()["text"] == name; }),
                     qPrintable(name));
        }
        auto outlineColour = [this] {
            for (const QVariant& entry : controller_.legend())
                if (entry.toMap()["label"] == "power row outline")
                    return entry.toMap()["color"].value<QColor>();
            return QColor();
        };
        QVERIFY(outlineColour().lightness() < 100);
        controller_.setDarkBackground(true);
        QVERIFY(outlineColour().lightness() > 140);
        controller_.setDarkBackground(false);
    }

    // Power rows: one outline each on the floor, one colour each in the power-row mode; the
    // selected job's cubes are joined to every OCS rack of their pod.
    void powerRowsAndOpticalLinks() {
        const auto analysis = document_.analysis();
        const auto& racks = analysis->topology->floor().racks;
        std::set<std::pair<int, int>> rows, chipRows;
        int ocsRacks = 0;
        for (const auto& r : racks) {
            rows.insert({r.site, r.powerRow});
            if (r.kind == podplanner::model::RackKind::Ocs)
                ocsRacks += r.pod == 0 ? 1 : 0;
            else
                chipRows.insert({r.site, r.powerRow});
        }
        QCOMPARE(controller_.floorLines()->segmentCount(), 4 * static_cast<int>(rows.size()));
        QCOMPARE(controller_.opticalLinks(), 0); // off until asked for
        controller_.setShowOptical(true);
        QCOMPARE(controller_.opticalLinks(), 32 * ocsRacks); // 8x16x16 = 32 cubes
        settle("scene-optical-links");
        controller_.setShowOptical(false);
        controller_.setColorMode("powerRow");
        std::set<QRgb> colours;
        for (const Box& b : controller_.boxes()->boxes())
            if (b.color != ChipColoring::kOcs && b.color != QColor("#5f6368") &&
                b.color != QColor("#202124")) // OCS racks and the network keep their colours
                colours.insert(b.color.rgb());
        QCOMPARE(colours.size(), std::min<std::size_t>(chipRows.size(), 9));
        settle("scene-power-rows");
        controller_.setColorMode("job");
    }

    // A job's own spare cubes are drawn in a light shade of its colour, with a legend entry.
    void sparesInTheJobsLightShade() {
        const int first = document_.analysis()->topology->floor().firstChipRackOfPod[0];
        QVERIFY(document_.setSpareCubes(0, {first + 100}));
        QTRY_VERIFY(!document_.engineBusy());
        QTRY_COMPARE(document_.analysis()->placements[0].spareCubes, (std::vector<int>{100}));
        const QVector3D at = controller_.chipScenePosition(
            document_.analysis()->topology->chipInCube(0, 100, 0, 0, 0));
        QColor shade;
        for (const Box& b : controller_.boxes()->boxes())
            if (b.center == at)
                shade = b.color;
        QCOMPARE(shade, podplanner::views::JobListModel::jobColor(0).lighter(165));
        bool listed = false;
        for (const QVariant& entry : controller_.legend())
            listed = listed || entry.toMap().value("label").toString() == "spares of dense-70b";
        QVERIFY(listed);
        document_.undo();
        QTRY_VERIFY(!document_.engineBusy());
    }

    // The legend: a click on a job's entry keeps that job's colour and fades every other job's
    // racks; its title folds the legend away and back; a second click on the job shows all.
    void legendClickFadesTheOtherJobs() {
        const auto boxesOf = [this](const QColor& colour) {
            int n = 0;
            for (const Box& b : controller_.boxes()->boxes())
                n += b.color == colour;
            return n;
        };
        const QColor first = JobListModel::jobColor(0), second = JobListModel::jobColor(1);
        QVERIFY(boxesOf(first) > 0 && boxesOf(second) > 0);
        const auto listsSpares = [this] {
            for (const QVariant& entry : controller_.legend())
                if (entry.toMap().value("label").toString().startsWith("spares"))
                    return true;
            return false;
        };
        QTRY_VERIFY(!listsSpares());
        const auto clickNamed = [this](const QString& name) {
            // The legend's entries are made anew when its model changes (the last test's undo
            // took the spares' entry away) and laid out at the next polish: let the old ones
            // go and wait until the entry sits below the title before clicking it.
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
            QQuickItem* item = nullptr;
            QTRY_VERIFY2((item = itemNamed(name)) && item->isVisible() &&
                             (name == "legendTitle" || item->y() > 0),
                         qPrintable(name));
            QTest::mouseClick(view_, Qt::LeftButton, {},
                              item->mapToScene({item->width() / 2, item->height() / 2}).toPoint());
        };
        clickNamed("legendEntry1");
        QTRY_COMPARE(controller_.highlightedJob(), 1);
        QCOMPARE(boxesOf(first), 0);
        QVERIFY(boxesOf(second) > 0);
        const QImage image = settle("scene-legend-highlight");
        QVERIFY(!image.isNull());
        clickNamed("legendTitle");
        QTRY_VERIFY(!itemNamed("legendEntry1"));
        settle("scene-legend-folded");
        clickNamed("legendTitle");
        QTRY_VERIFY(itemNamed("legendEntry1"));
        QTest::qWait(100);
        clickNamed("legendEntry1");
        QTRY_COMPARE(controller_.highlightedJob(), -1);
        QVERIFY(boxesOf(first) > 0);
    }

    // Level of detail: 9,216 chips draw as racks from afar; where the camera looks up close,
    // those racks show their chips (at most 4,096), and they go back to racks as it leaves.
    void chipsAppearNearTheCameraUpClose() {
        QVERIFY(!controller_.showChips());
        QMetaObject::invokeMethod(view_->rootObject(), "cameraPreset", Q_ARG(QVariant, "iso"));
        settle("scene-lod-far");
        QCOMPARE(controller_.detailedRacks(), 0);
        const int racks = controller_.boxCount();
        // Looking straight at the floor's middle from 8 m.
        const QVector3D target = controller_.center();
        const QVector3D eye = target + QVector3D(0, 700, 400);
        controller_.setCameraRay(eye, (target - eye).normalized());
        const int detailed = controller_.detailedRacks();
        QVERIFY(detailed >= 1 && detailed <= 64);
        QCOMPARE(controller_.boxCount(), racks + 63 * detailed); // 64 chips instead of a rack
        controller_.setCameraRay(target + QVector3D(0, 5000, 3000),
                                 -QVector3D(0, 5000, 3000).normalized());
        QCOMPARE(controller_.detailedRacks(), 0);
        QCOMPARE(controller_.boxCount(), racks);
        // The same through the real camera: zoomed in from the top, the scene asks for chips.
        QMetaObject::invokeMethod(view_->rootObject(), "cameraPreset", Q_ARG(QVariant, "top"));
        QObject* camera = view_->rootObject()->findChild<QObject*>("camera");
        QVERIFY(camera);
        camera->setProperty("position", QVector3D(0, 0, 900));
        QTRY_VERIFY(controller_.detailedRacks() > 0);
        settle("scene-lod-closeup");
    }

    // Up close in the physical view, the selected job's torus links run between its chips;
    // from afar, where racks are drawn whole, there are none.
    void selectedJobsLinksUpClose() {
        controller_.setJob(0);
        const auto analysis = document_.analysis();
        const auto chips = analysis->topology->chipsOf(analysis->placements[0].slices.front());
        const int rack = analysis->topology->locate(chips.front()).rack;
        const QVector3D far = controller_.center() + QVector3D(0, 5000, 3000);
        controller_.setCameraRay(far, (controller_.center() - far).normalized());
        QCOMPARE(controller_.detailedRacks(), 0);
        QCOMPARE(controller_.links()->segmentCount(), 0);
        const QVector3D target = controller_.rackScenePosition(rack);
        const QVector3D eye = target + QVector3D(0, 700, 400);
        controller_.setCameraRay(eye, (target - eye).normalized());
        QVERIFY(controller_.detailedRacks() > 0);
        // A whole cube of the job is drawn: at least its 3 x 48 links inside it.
        QVERIFY2(controller_.links()->segmentCount() >= 144,
                 qPrintable(QString::number(controller_.links()->segmentCount())));
        const QVariantList legend = controller_.legend();
        QVERIFY(std::any_of(legend.begin(), legend.end(), [](const QVariant& e) {
            return e.toMap()["label"] == "torus link (selected job)";
        }));
        settle("scene-torus-links-closeup");
        controller_.setCameraRay(far, (controller_.center() - far).normalized());
        QCOMPARE(controller_.links()->segmentCount(), 0);
    }

    // Two sites: the DCN switches and site routers stand in front of the floor, the WAN arcs
    // between the routers, a router picks with its tooltip, and the camera sees the far site
    // (Qt's orbit controller would clip everything beyond 100 m).
    void networkAndWanOfTwoSites() {
        QVERIFY(
            document_.load(PODPLANNER_SOURCE_DIR "/resources/examples/multisite-405b.podplanner"));
        controller_.setView("physical");
        QMetaObject::invokeMethod(view_->rootObject(), "cameraPreset", Q_ARG(QVariant, "iso"));
        QVERIFY(controller_.network()->segmentCount() > 24); // pod uplinks and the WAN arc
        bool wan = false;
        for (const QVariant& entry : controller_.legend())
            wan = wan || entry.toMap().value("label").toString().contains("WAN");
        QVERIFY(wan);
        // The site routers are the darkest boxes; pick the first one through the camera.
        QVector3D router;
        for (const Box& b : controller_.boxes()->boxes())
            if (b.color == QColor("#202124")) {
                router = b.center;
                break;
            }
        const QImage image = settle("scene-two-sites");
        const QPointF at = project(router);
        const QVector3D near = unproject(at, 0), far = unproject(at, 1000);
        QVERIFY2(
            controller_.pickRay(near, far - near).value("label").toString().contains("site router"),
            qPrintable(controller_.pickRay(near, far - near).value("label").toString()));
        QObject* camera = view_->rootObject()->findChild<QObject*>("camera");
        QTRY_VERIFY(camera->property("clipFar").toFloat() >= controller_.extent() * 10);
        // The far site's last rack is drawn: its pixel is not the background.
        QVector3D farthest = controller_.boxes()->boxes().front().center;
        for (const Box& b : controller_.boxes()->boxes())
            if (b.center.x() > farthest.x())
                farthest = b.center;
        const QPointF end = project(farthest);
        QVERIFY(QRectF(0, 0, 900, 700).contains(end));
        QVERIFY2(image.pixelColor((end * image.devicePixelRatio()).toPoint()) != QColor("#f4f6f8"),
                 "the far site is not drawn");
    }

    // An NVL72 rack's two trays a job leaves free are drawn in the job's light shade, as its
    // spare hosts; its first 16 trays in the job's colour, racks it does not use in grey.
    void nvl72SpareTraysInTheJobsLightShade() {
        QVERIFY(document_.load(PODPLANNER_SOURCE_DIR
                               "/resources/examples/gb200-nvl72-405b.podplanner"));
        QTRY_VERIFY(!document_.engineBusy());
        controller_.setView("physical");
        controller_.setColorMode("job");
        QMetaObject::invokeMethod(view_->rootObject(), "cameraPreset", Q_ARG(QVariant, "iso"));
        const auto colourOf = [this](qint64 chip) {
            const QVector3D at = controller_.chipScenePosition(chip);
            for (const Box& b : controller_.boxes()->boxes())
                if (b.center == at)
                    return b.color;
            return QColor();
        };
        const QColor job = JobListModel::jobColor(0);
        QCOMPARE(colourOf(0), job);               // rack 0, tray 0
        QCOMPARE(colourOf(63), job);              // rack 0, tray 15
        QCOMPARE(colourOf(64), job.lighter(165)); // rack 0, tray 16: a spare
        QCOMPARE(colourOf(71), job.lighter(165));
        QCOMPARE(colourOf(72 * 35), ChipColoring::kFree); // rack 35 holds no job
        bool listed = false;
        for (const QVariant& entry : controller_.legend())
            listed = listed || entry.toMap().value("label").toString() ==
                                   "spare hosts of llama3.1-405b-gb200";
        QVERIFY(listed);
        settle("scene-nvl72-spare-trays");
    }

    // A failed tray sits at the bottom of its NVL72 rack, under 14 levels of GPUs: from above
    // only the red plate under its rack shows it, in the aisle beside the rack, chip by chip
    // and with the rack drawn whole; repaired, the plate goes.
    void failedTrayShowsARedPlateUnderItsRack() {
        QVERIFY(document_.load(PODPLANNER_SOURCE_DIR
                               "/resources/examples/gb200-nvl72-405b.podplanner"));
        QTRY_VERIFY(!document_.engineBusy());
        const bool chipsWere = controller_.showChips();
        controller_.setView("physical");
        controller_.setColorMode("job");
        QMetaObject::invokeMethod(view_->rootObject(), "cameraPreset", Q_ARG(QVariant, "top"));
        const auto at0 = document_.analysis()->topology->locate(0);
        const int rack = at0.rack, host = at0.host;
        const auto red = [](const QColor& c) {
            return c.red() > 150 && c.green() < 110 && c.blue() < 110;
        };
        for (const bool chips : {true, false}) {
            controller_.setShowChips(chips);
            document_.setComponentFailed("host", host, true);
            QTRY_VERIFY(!document_.engineBusy());
            QVERIFY(!document_.analysis()->topology->isChipAlive(0));
            // The aisle in front of the rack, half way out to the plate's edge.
            const QVector3D plate = controller_.rackScenePosition(rack); // its x and z
            const QPointF aisle =
                project(QVector3D(plate.x(), 1, plate.z() + scene_layout::kRackWidth / 2 + 15));
            QVERIFY2(QRectF(0, 0, 900, 700).contains(aisle),
                     qPrintable(QString("%1,%2").arg(aisle.x()).arg(aisle.y())));
            const QImage failed =
                settle(chips ? "scene-nvl72-tray-failed" : "scene-nvl72-tray-failed-racks");
            const QPoint pixel = (aisle * failed.devicePixelRatio()).toPoint();
            QVERIFY2(red(failed.pixelColor(pixel)), qPrintable(failed.pixelColor(pixel).name()));
            // Picking at the plate names the rack, not a chip.
            const QVector3D near = unproject(aisle, 0), far = unproject(aisle, 1000);
            const QVariantMap hit = controller_.pickRay(near, far - near);
            QCOMPARE(hit.value("rack").toInt(), rack);
            QCOMPARE(hit.value("chip").toLongLong(), qint64{-1});
            document_.setComponentFailed("host", host, false);
            QTRY_VERIFY(!document_.engineBusy());
            const QImage repaired = settle("scene-nvl72-tray-repaired");
            QVERIFY(!red(repaired.pixelColor(pixel)));
        }
        controller_.setShowChips(chipsWere);
    }

    void cleanupTestCase() { delete view_; }
};

QTEST_MAIN(SceneTest)
#include "tst_scene.moc"
