// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Applies a linear filter to an image with cv::gpuconv::filter2D on the OpenCL device and
// reports the device and the time of the filter call.
//
//   gpuconv_sample_filter --input=baboon.jpg --filter=gaussian --ksize=7 --output=out.png
//   gpuconv_sample_filter --input=butterfly.jpg --kernel=my_kernel.txt --border=wrap --depth=32F
//
// A kernel file holds rows of numbers separated by spaces or commas; lines starting with '#'
// are comments. Every row must have the same number of values.

#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/gpuconv.hpp>

#include "sample_args.hpp"

#include <algorithm>
#include <cfloat>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using cv::Mat;

const char* const keys =
    "{ help h  |            | print this help }"
    "{ input i | baboon.jpg | input image (looked up with cv::samples::findFile) }"
    "{ output o| filtered.png | output image }"
    "{ filter f| gaussian   | box, gaussian, sharpen, laplacian, sobel, emboss (ignored with --kernel) }"
    "{ kernel k|            | text file with the kernel coefficients, one kernel row per line }"
    "{ ksize   | 5          | kernel size for box and gaussian, 1 to 1023 (odd for gaussian) }"
    "{ border  | reflect101 | constant, replicate, reflect, wrap, reflect101 }"
    "{ isolated|            | add BORDER_ISOLATED }"
    "{ depth   | same       | output depth: same, 8U, 16U, 16S, 32F, 64F }"
    "{ delta   | 0          | value added to every result }"
    "{ gray    |            | convert the input to one channel first }"
    "{ runs    | 10         | timed calls; the median is reported }";

Mat readKernelFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        CV_Error(cv::Error::StsError, "cannot open kernel file " + path);
    std::vector<std::vector<float>> rows;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number)
    {
        if (number == 1 && line.compare(0, 3, "\xEF\xBB\xBF") == 0)
            line.erase(0, 3);  // a UTF-8 byte order mark
        if (line.empty() || line[0] == '#')
            continue;
        for (char& ch : line)
            if (ch == ',' || ch == ';' || ch == '\t' || ch == '\r')
                ch = ' ';
        std::istringstream s(line);
        std::vector<float> row;
        std::string token;
        while (s >> token)
        {
            double v = 0;
            if (!gpuconv_samples::parseFinite(token, v) || std::fabs(v) > FLT_MAX)
                CV_Error(cv::Error::StsBadArg, cv::format("%s, line %d: '%s' is not a finite float",
                                                          path.c_str(), number, token.c_str()));
            row.push_back((float)v);
        }
        if (row.empty())
            continue;
        if (!rows.empty() && row.size() != rows[0].size())
            CV_Error(cv::Error::StsBadArg, cv::format("%s, line %d: %zu values where the first row has %zu",
                                                      path.c_str(), number, row.size(), rows[0].size()));
        rows.push_back(row);
    }
    if (rows.empty())
        CV_Error(cv::Error::StsBadArg, "no coefficients in " + path);
    cv::Mat k((int)rows.size(), (int)rows[0].size(), CV_32F);
    for (int y = 0; y < k.rows; ++y)
        for (int x = 0; x < k.cols; ++x)
            k.at<float>(y, x) = rows[y][x];
    return k;
}

/** What cv::CommandLineParser passes over: arguments that are not options (it has no positional
    keys here), options not in `keys`, flags given a value, options given none. Empty when all is
    well. */
std::string misusedArgument(int argc, char** argv)
{
    // The names of each "{ name alias | default | help }" of `keys`.
    std::set<std::string> names;
    for (std::istringstream all(keys); all.ignore(1 << 20, '{');)
    {
        std::string field;
        std::getline(all, field, '|');
        std::istringstream words(field);
        for (std::string name; words >> name;)
            names.insert(name);
    }
    const std::set<std::string> flags = { "help", "h", "isolated", "gray" };
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        if (arg.size() < 2 || arg[0] != '-')
            return "unexpected argument '" + arg + "' (options take the form --name=value)";
        const std::string body = arg.substr(arg.find_first_not_of('-'));
        const size_t eq = body.find('=');
        const std::string name = body.substr(0, eq);
        if (!names.count(name))
            return "unknown option '" + arg + "'";
        if (flags.count(name) != (eq == std::string::npos))
            return flags.count(name) ? "--" + name + " takes no value" : "--" + name + " needs a value: --" + name + "=...";
    }
    return std::string();
}

/** The option `key` as a finite number (`whole`: a whole number in int's range), or an error
    naming it. */
double numberOption(const cv::CommandLineParser& parser, const std::string& key, bool whole)
{
    const std::string text = parser.get<std::string>(key);
    double value = 0;
    int integer = 0;
    if (whole ? !gpuconv_samples::parseInt(text, integer) : !gpuconv_samples::parseFinite(text, value))
        CV_Error(cv::Error::StsBadArg, "--" + key + "=" + text + (whole ? ": give a whole number" : ": give a finite number"));
    return whole ? integer : value;
}

cv::Mat namedKernel(const std::string& name, int ksize)
{
    if (name == "box")
        return cv::Mat::ones(ksize, ksize, CV_32F) / (float)(ksize * ksize);
    if (name == "gaussian")
    {
        const cv::Mat g = cv::getGaussianKernel(ksize | 1, -1, CV_32F);
        return g * g.t();  // an outer product: rank 1
    }
    if (name == "sharpen")
        return (cv::Mat_<float>(3, 3) << 0, -1, 0, -1, 5, -1, 0, -1, 0);
    if (name == "laplacian")
        return (cv::Mat_<float>(3, 3) << 1, 1, 1, 1, -8, 1, 1, 1, 1);
    if (name == "sobel")
        return (cv::Mat_<float>(3, 3) << -1, 0, 1, -2, 0, 2, -1, 0, 1);
    if (name == "emboss")
        return (cv::Mat_<float>(3, 3) << -2, -1, 0, -1, 1, 1, 0, 1, 2);
    CV_Error(cv::Error::StsBadArg, "unknown filter '" + name + "'");
}

int parseBorder(const std::string& name)
{
    if (name == "constant")   return cv::BORDER_CONSTANT;
    if (name == "replicate")  return cv::BORDER_REPLICATE;
    if (name == "reflect")    return cv::BORDER_REFLECT;
    if (name == "wrap")       return cv::BORDER_WRAP;
    if (name == "reflect101") return cv::BORDER_REFLECT_101;
    CV_Error(cv::Error::StsBadArg, "unknown border '" + name + "'");
}

int parseDepth(const std::string& name)
{
    if (name == "same")
        return -1;
    for (int d = CV_8U; d <= CV_64F; ++d)
        if (name == cv::depthToString(d) + 3)  // "CV_8U" -> "8U"
            return d;
    CV_Error(cv::Error::StsBadArg, "unknown depth '" + name + "'");
}

} // namespace

int main(int argc, char** argv)
{
    cv::CommandLineParser parser(argc, argv, keys);
    parser.about("gpuconv filter sample: cv::gpuconv::filter2D on an image");
    if (parser.has("help"))
    {
        parser.printMessage();
        return 0;
    }
    const std::string misused = misusedArgument(argc, argv);
    if (!misused.empty())
    {
        std::cerr << misused << "; --help lists the options" << std::endl;
        return 2;
    }
    try
    {
        const std::string input = parser.get<std::string>("input");
        const std::string output = parser.get<std::string>("output");
        const int ksize = (int)numberOption(parser, "ksize", true);
        const int border = parseBorder(parser.get<std::string>("border")) |
                           (parser.has("isolated") ? cv::BORDER_ISOLATED : 0);
        int ddepth = parseDepth(parser.get<std::string>("depth"));
        const double delta = numberOption(parser, "delta", false);
        const int runs = std::max(1, (int)numberOption(parser, "runs", true));
        const std::string kernelFile = parser.get<std::string>("kernel");
        const std::string filter = parser.get<std::string>("filter");
        if (!parser.check())
        {
            parser.printErrors();
            return 2;
        }
        // The library takes kernels of any size; the bound keeps a mistyped size from building a
        // kernel of gigabytes here (--ksize=100000 asks for 40 GB of coefficients).
        const int maxKsize = 1023;
        if (ksize < 1 || ksize > maxKsize)
        {
            std::cerr << "--ksize=" << ksize << ": give a kernel size from 1 to " << maxKsize << std::endl;
            return 2;
        }

        cv::samples::addSamplesDataSearchPath("/usr/share/doc/opencv-doc/examples/data");
        Mat image = cv::imread(cv::samples::findFile(input),
                               parser.has("gray") ? cv::IMREAD_GRAYSCALE : cv::IMREAD_COLOR);
        if (image.empty())
        {
            std::cerr << "cannot read " << input << std::endl;
            return 1;
        }
        Mat kernel = kernelFile.empty() ? namedKernel(filter, ksize) : readKernelFile(kernelFile);
        // Derivative filters produce negative values: give them a signed depth unless asked.
        if (ddepth < 0 && kernelFile.empty() && (filter == "laplacian" || filter == "sobel"))
            ddepth = CV_16S;

        if (!cv::ocl::useOpenCL())
            std::cout << "OpenCL is not available: gpuconv runs cv::filter2D on the CPU" << std::endl;
        else
        {
            const cv::ocl::Device& d = cv::ocl::Device::getDefault();
            std::cout << "device: " << d.name() << " (" << d.vendorName() << ", " << d.version() << ")" << std::endl;
        }

        cv::UMat src = image.getUMat(cv::ACCESS_READ), dst;
        cv::gpuconv::filter2D(src, dst, ddepth, kernel, cv::Point(-1, -1), delta, border);  // builds the program
        cv::ocl::finish();
        std::vector<double> times;
        for (int r = 0; r < runs; ++r)
        {
            const int64 start = cv::getTickCount();
            cv::gpuconv::filter2D(src, dst, ddepth, kernel, cv::Point(-1, -1), delta, border);
            cv::ocl::finish();
            times.push_back((cv::getTickCount() - start) * 1e3 / cv::getTickFrequency());
        }
        std::sort(times.begin(), times.end());
        std::cout << "image: " << image.cols << "x" << image.rows << ", " << image.channels()
                  << " channel(s); kernel " << kernel.cols << "x" << kernel.rows
                  << "; filter call: " << times[times.size() / 2] << " ms (median of " << runs
                  << ", first call with the program build excluded)" << std::endl;

        Mat result = dst.getMat(cv::ACCESS_READ), out;
        if (result.depth() == CV_8U)
            out = result;
        else
            cv::convertScaleAbs(result, out);  // a viewable 8-bit image of signed or float results
        if (!cv::imwrite(output, out))
        {
            std::cerr << "cannot write " << output << std::endl;
            return 1;
        }
        std::cout << "wrote " << output << std::endl;
    }
    catch (const cv::Exception& e)
    {
        std::cerr << e.what() << std::endl;
        return 1;
    }
    return 0;
}
