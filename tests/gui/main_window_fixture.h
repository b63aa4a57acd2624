#pragma once
// The real main window (Main.qml) in a real window under xvfb, with helpers to find items by
// objectName, grab screenshots (kept in build/screenshots/) and read pixels where items are.
#include "app_settings.h"
#include "project_document.h"

#include <QDir>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <utility>

namespace podplanner::tests {

class MainWindowFixture {
  public:
    views::ProjectDocument document;
    views::AppSettings* settings = nullptr;
    QQmlApplicationEngine* engine = nullptr;
    QQuickWindow* window = nullptr;

    // Returns false when the window could not be made.
    bool open(QSize size, const QVariantMap& extraProperties = {}) {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location
        // Each run starts from the defaults, not from what the last run left there; windows
        // opened later in the same run see what the earlier ones saved.
        static bool cleared = false;
        if (!std::exchange(cleared, true))
            QSettings().clear();
        settings = new views::AppSettings(&document);
        engine = new QQmlApplicationEngine;
        engine->addImportPath("qrc:/");
        QVariantMap properties = extraProperties;
        properties.insert("document", QVariant::fromValue(&document));
        properties.insert("settings", QVariant::fromValue(settings));
        engine->setInitialProperties(properties);
        engine->load(QUrl("qrc:/PodPlanner/App/Main.qml"));
        if (engine->rootObjects().isEmpty())
            return false;
        window = qobject_cast<QQuickWindow*>(engine->rootObjects().first());
        window->resize(size);
        window->requestActivate(); // shortcuts go to the active window
        return window && QTest::qWaitForWindowExposed(window) &&
               QTest::qWaitForWindowActive(window);
    }
    void close() {
        delete engine; // before the document it binds to
        engine = nullptr;
    }

    // A shown text item anywhere in the window, popups (tooltips) included, that `match`
    // accepts; null when there is none.
    template <typename Match> QQuickItem* findShownText(Match match) const {
        QList<QQuickItem*> stack{window->contentItem()};
        while (!stack.isEmpty()) {
            QQuickItem* item = stack.takeLast();
            if (!item->isVisible())
                continue;
            if (item->inherits("QQuickText") && match(item))
                return item;
            stack.append(item->childItems());
        }
        return nullptr;
    }

    // Items by objectName through the visual tree (delegates have no QObject parent); a missing
    // one stops the test with its name instead of crashing it.
    // `shownOnly`: among the items shown only (a delegate being replaced keeps its name until
    // it is deleted).
    static QQuickItem* findIn(QQuickItem* root, const QString& name, bool shownOnly = false) {
        if (shownOnly && !root->isVisible())
            return nullptr;
        if (root->objectName() == name)
            return root;
        for (QQuickItem* child : root->childItems())
            if (QQuickItem* found = findIn(child, name, shownOnly))
                return found;
        return nullptr;
    }
    // The text items shown inside `root` (itself included), nearest first.
    static QList<QQuickItem*> visibleTexts(QQuickItem* root) {
        QList<QQuickItem*> texts, stack{root};
        while (!stack.isEmpty()) {
            QQuickItem* item = stack.takeLast();
            if (!item->isVisible())
                continue;
            stack.append(item->childItems());
            if (item->inherits("QQuickText"))
                texts << item;
        }
        return texts;
    }
    // The first visible text inside `box` whose drawn lines reach past the box's edges (as
    // when a label's line runs into the next card), or an empty string.
    static QString textDrawnOutside(QQuickItem* box) {
        const QRectF bounds = box->mapRectToScene(QRectF(0, 0, box->width(), box->height()));
        for (QQuickItem* item : visibleTexts(box)) {
            const QRectF drawn =
                item->mapRectToScene(QRectF(0, 0, item->property("contentWidth").toReal(),
                                            item->property("contentHeight").toReal()));
            if (drawn.right() > bounds.right() + 0.5 || drawn.bottom() > bounds.bottom() + 0.5)
                return item->property("text").toString();
        }
        return {};
    }
    // QTest::keyClicks takes widgets only; a window gets the characters one by one.
    void typeText(const QString& text) const {
        for (const QChar c : text)
            QTest::keyClick(window, c.toLatin1());
    }
    // As a person edits a field from the keyboard: focus it, select all, type, press Return.
    void replaceText(QQuickItem* field, const QString& text) const {
        field->forceActiveFocus();
        QTest::keyClick(window, Qt::Key_A, Qt::ControlModifier);
        typeText(text);
        QTest::keyClick(window, Qt::Key_Return);
    }
    QQuickItem* find(const QString& name) const {
        QQuickItem* item = findIn(window->contentItem(), name);
        if (!item)
            qFatal("no item named %s", qPrintable(name));
        return item;
    }
    QImage grab(const QString& name, int settleMs = 300) const {
        QTest::qWait(settleMs); // let the scene graph settle after property changes
        QImage image = window->grabWindow();
        QDir().mkpath(SCREENSHOT_DIR);
        image.save(QStringLiteral(SCREENSHOT_DIR "/%1.png").arg(name));
        return image;
    }
    static QColor pixelAt(const QImage& image, QQuickItem* item, QPointF local) {
        const qreal dpr = image.devicePixelRatio();
        const QPointF at = item->mapToScene(local);
        return image.pixelColor(qRound(at.x() * dpr), qRound(at.y() * dpr));
    }
    static QColor pixelAtCenter(const QImage& image, QQuickItem* item) {
        return pixelAt(image, item, QPointF(item->width() / 2, item->height() / 2));
    }
    static bool similar(const QColor& a, const QColor& b) {
        return std::abs(a.red() - b.red()) < 8 && std::abs(a.green() - b.green()) < 8 &&
               std::abs(a.blue() - b.blue()) < 8;
    }
    // Clicks the middle of an item with the mouse.
    void click(QQuickItem* item) const {
        QTest::mouseClick(
            window, Qt::LeftButton, {},
            item->mapToScene(QPointF(item->width() / 2, item->height() / 2)).toPoint());
        QTest::qWait(100);
    }
    // Clicks a tab button of the bottom panel by its objectName.
    void showTab(const QString& name) const { click(find(name)); }
    // Waits until the engine worker has delivered the newest analysis.
    bool waitForEngine(int timeoutMs = 10000) const {
        return QTest::qWaitFor([this] { return !document.engineBusy(); }, timeoutMs);
    }
};

} // namespace podplanner::tests
